module damka

go 1.26.0

require (
	github.com/klauspost/compress v1.20.4 // indirect
	golang.org/x/sys v0.50.0 // indirect
)
