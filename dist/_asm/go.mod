module github.com/streamrand/streamrand/dist/_asm

go 1.26.0

require (
	github.com/mmcloughlin/avo v0.6.0
	github.com/streamrand/streamrand/internal/_asm v0.0.0-00010101000000-000000000000
)

require (
	golang.org/x/mod v0.43.0 // indirect
	golang.org/x/sync v0.25.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)

// The generators' shared code (internal/_asm/asmgen), from this checkout.
replace github.com/streamrand/streamrand/internal/_asm => ../../internal/_asm
