package main

import "errors"

func runStream(args []string) error { return errors.New("stream: not implemented yet") }
