//go:build !js

// Package headless starts Debian's chromium the way the browser tests and
// the benchmarks drive it (DESIGN.md, "Tools", says why these flags), and
// records Chrome traces: a task's thread CPU time, unlike its wall time,
// does not grow when other processes share the cores.
package headless

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// Options are the allocator options of a headless chromium at path with
// its profile in the folder profile: no sandbox, no GPU, nothing fetched
// in the background, timers not throttled in background tabs.
func Options(path, profile string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.UserDataDir(profile),
	}
}

// Event is one event of a Chrome trace (the JSON trace event format): a
// complete event ("X") starts at Ts and lasts Dur µs of wall time and TDur
// µs of its thread's CPU time.
type Event struct {
	Name string          `json:"name"`
	Ph   string          `json:"ph"`
	Ts   float64         `json:"ts"`
	Dur  float64         `json:"dur"`
	TDur float64         `json:"tdur"`
	Pid  int             `json:"pid"`
	Tid  int             `json:"tid"`
	Args json.RawMessage `json:"args"`
}

// Task is the name of a task of a thread's scheduler (category "toplevel").
const Task = "ThreadControllerImpl::RunTask"

// Threads is a set of threads (process and thread ids).
type Threads map[[2]int]bool

// MainThreads returns the pages' main threads (CrRendererMain) named in events.
func MainThreads(events []Event) Threads {
	main := Threads{}
	for _, e := range events {
		if e.Name == "thread_name" && strings.Contains(string(e.Args), `"CrRendererMain"`) {
			main[[2]int{e.Pid, e.Tid}] = true
		}
	}
	return main
}

// Has says whether e happened on one of the threads.
func (t Threads) Has(e Event) bool { return t[[2]int{e.Pid, e.Tid}] }

// Tasks returns the complete task events of the threads, in trace order.
func (t Threads) Tasks(events []Event) []Event {
	var tasks []Event
	for _, e := range events {
		if t.Has(e) && e.Ph == "X" && e.Name == Task {
			tasks = append(tasks, e)
		}
	}
	return tasks
}

// Trace records a trace of the categories in the chromedp context ctx
// while do runs, and returns its events.
func Trace(ctx context.Context, categories []string, do func() error) ([]Event, error) {
	var (
		mu     sync.Mutex
		events []Event
		done   = make(chan struct{})
	)
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		data, _ := tg.Subscribe("Tracing.dataCollected")
		complete, _ := tg.Subscribe("Tracing.tracingComplete")
		go func() {
			defer close(done)
			for {
				select {
				case v := <-data:
					var e struct{ Value []Event }
					if json.Unmarshal(v, &e) == nil {
						mu.Lock()
						events = append(events, e.Value...)
						mu.Unlock()
					}
				case <-complete:
					return
				case <-ctx.Done():
					return
				}
			}
		}()
		_, err := cdp.Call(ctx, tg, tracing.Start, tracing.StartParams{TraceConfig: &tracing.TraceConfig{IncludedCategories: categories}})
		return err
	}))
	if err != nil {
		return nil, err
	}
	doErr := do()
	err = chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, tracing.End, cdp.Empty{})
		return err
	}))
	if doErr != nil {
		return nil, doErr
	}
	if err != nil {
		return nil, err
	}
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		return nil, errors.New("the trace did not complete")
	}
	mu.Lock()
	defer mu.Unlock()
	return events, nil
}
