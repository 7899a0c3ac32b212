// Command overloadlab runs the overload-control lab natively: it lists the
// presets, prints a scenario for editing, runs one and prints its summary or
// its per-interval series, writes the report of a run or a comparison, and
// serves the playground.
//
//	overloadlab presets
//	overloadlab scenario -preset attach-storm > s.json
//	overloadlab run [-preset NAME | -scenario FILE] [-seed N] [-duration D] [-format text|json|csv]
//	overloadlab sweep [-preset NAME] [-param NAME -from X -to Y -points K [-log]] [-seeds S] [-shard i/n]
//	overloadlab merge SHARD...
//	overloadlab report [-preset NAME | -scenario FILE] [-compare FILE] -out report.html
//	overloadlab serve [-addr 127.0.0.1:8080]
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"overloadlab/core/engine/param"
)

// usageError is a bad command line: printed on one line, exit status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

var commands = []struct {
	name, args, doc string
	run             func(args []string, stdout io.Writer) error
}{
	{"presets", "", "list the presets with what each one teaches", cmdPresets},
	{"scenario", "-preset NAME", "print the full scenario of a preset as editable JSON", cmdScenario},
	{"run", "[-preset NAME | -scenario FILE | -link L] [-seed N] [-duration S] [-format text|json|csv]", "run a scenario and print its summary (text, json) or per-interval series (csv)", cmdRun},
	{"link", "[-preset NAME | -scenario FILE] [-seed N] [-duration S]", "print a scenario's what-if link, as the page's Share link holds it", cmdLink},
	{"class", "-links FILE [-format csv|json|html] [-workers W]", "replay up to 60 links on every core: one row per link, its changes, answers, goals and tiles", cmdClass},
	{"sweep", "[-preset NAME | -scenario FILE] [-param NAME -from X -to Y [-points K] [-log]] [-seeds S] [-variant V]... [-workers W] [-raw] [-shard i/n]",
		"sweep a parameter (default: the model's carried-vs-offered study) on every core: mean and 95 % interval per point, or raw rows", cmdSweep},
	{"merge", "[-raw] FILE...", "join the raw files of a sharded sweep into the output of one unsharded run", cmdMerge},
	{"report", "[-preset NAME | -scenario FILE] [-compare FILE] -out FILE [-title T] [-note N] [-page URL]", "run A (and B beside it on the same traffic) to the end and write the self-contained HTML report", cmdReport},
	{"serve", "[-addr 127.0.0.1:8080]", "serve the browser playground (built by make build) and print its address", cmdServe},
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: overloadlab COMMAND [flags]")
	fmt.Fprintln(w)
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n            %s\n", c.name, c.args, c.doc)
	}
	fmt.Fprintln(w, "\nRun 'overloadlab COMMAND -h' for a command's flags.")
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// notes is where a command writes a note that is not an error (standard
// error; run sets it).
var notes io.Writer = os.Stderr

func run(args []string, stdout, stderr io.Writer) int {
	notes = stderr
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		usage(stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range commands {
		if c.name == args[0] {
			err := c.run(args[1:], stdout)
			if err == nil {
				return 0
			}
			if errors.Is(err, flag.ErrHelp) {
				return 0
			}
			fmt.Fprintln(stderr, "overloadlab "+c.name+": "+err.Error())
			return 2
		}
	}
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	fmt.Fprintf(stderr, "overloadlab: unknown command %s (commands: %s)\n", param.Quote(args[0]), strings.Join(names, ", "))
	return 2
}

// newFlags returns a flag set that reports errors instead of exiting.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet("overloadlab "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parse parses args, turning flag errors into one-line usage errors.
func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(os.Stdout)
			fs.PrintDefaults()
			return err
		}
		// The flag package repeats a bad value or an unknown flag's name
		// in full: show its start.
		msg := err.Error()
		if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
			msg = "flag provided but not defined: -" + named(name)
		} else if name, ok := strings.CutPrefix(msg, "bad flag syntax: "); ok {
			msg = "bad flag syntax: " + named(name)
		}
		if value, rest, ok := strings.Cut(strings.TrimPrefix(msg, "invalid value "), " for flag "); ok && len(msg) > len(value) {
			if v, err := strconv.Unquote(value); err == nil {
				msg = "invalid value " + param.Quote(v) + " for flag " + rest
			}
		}
		return usagef("%s", msg)
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %s", param.Quote(fs.Arg(0)))
	}
	return nil
}
