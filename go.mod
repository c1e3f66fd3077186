module github.com/streamrand/streamrand

go 1.26.0
