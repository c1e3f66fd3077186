package main

import "errors"

// runTest runs the statistical test battery (see package stattest).
func runTest(args []string) error { return errors.New("test: not implemented yet") }
