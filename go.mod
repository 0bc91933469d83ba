module damka

go 1.26
