//go:build !js

package web_test

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// traceEvent is one event of a Chrome trace (the JSON trace event format):
// a complete event ("X") lasts Dur µs of wall time and TDur µs of its
// thread's CPU time.
type traceEvent struct {
	Name string          `json:"name"`
	Ph   string          `json:"ph"`
	Ts   float64         `json:"ts"`
	Dur  float64         `json:"dur"`
	TDur float64         `json:"tdur"`
	Pid  int             `json:"pid"`
	Tid  int             `json:"tid"`
	Args json.RawMessage `json:"args"`
}

// mainTask is a task of the page's main thread: its wall and CPU time and
// what took most of it.
type mainTask struct {
	At, Wall, CPU time.Duration // At: from the first task traced
	Parts         string
}

func (m mainTask) String() string {
	return fmt.Sprintf("%.0f ms CPU (%.0f ms wall) at %.2f s: %s", ms(m.CPU), ms(m.Wall), m.At.Seconds(), m.Parts)
}

func ms(d time.Duration) float64 { return float64(d) / 1e6 }

// tracedTasks records a Chrome trace while do runs and returns the tasks
// of the page's main thread (CrRendererMain) that took over limit of CPU
// time, and the one that took most. The thread's CPU time, unlike the wall-clock length of a long task,
// does not grow when other processes share the cores, so it can be judged
// on a busy machine.
func tracedTasks(t *testing.T, tb *tab, limit time.Duration, do func()) (over []mainTask, longest mainTask) {
	t.Helper()
	var (
		mu     sync.Mutex
		events []traceEvent
		done   = make(chan struct{})
	)
	tb.do(t, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		data, _ := tg.Subscribe("Tracing.dataCollected")
		complete, _ := tg.Subscribe("Tracing.tracingComplete")
		go func() {
			defer close(done)
			for {
				select {
				case v := <-data:
					var e struct{ Value []traceEvent }
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
		_, err := cdp.Call(ctx, tg, tracing.Start, tracing.StartParams{TraceConfig: &tracing.TraceConfig{IncludedCategories: []string{"toplevel", "devtools.timeline", "v8", "disabled-by-default-v8.gc", "mojom"}}})
		return err
	}))
	do()
	tb.do(t, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, tracing.End, cdp.Empty{})
		return err
	}))
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the trace did not complete")
	}
	mu.Lock()
	defer mu.Unlock()
	main := map[[2]int]bool{}
	for _, e := range events {
		if e.Name == "thread_name" && strings.Contains(string(e.Args), "CrRendererMain") {
			main[[2]int{e.Pid, e.Tid}] = true
		}
	}
	// A task of the thread's scheduler ("toplevel").
	var tasks []traceEvent
	for _, e := range events {
		if main[[2]int{e.Pid, e.Tid}] && e.Ph == "X" && e.Name == "ThreadControllerImpl::RunTask" {
			tasks = append(tasks, e)
		}
	}
	if len(tasks) == 0 {
		t.Fatalf("no task of the page's main thread in a trace of %d events", len(events))
	}
	most := slices.MaxFunc(tasks, func(a, b traceEvent) int { return cmp.Compare(a.TDur, b.TDur) }).TDur
	top := slices.IndexFunc(tasks, func(e traceEvent) bool { return e.TDur == most })
	for k, task := range tasks {
		if task.TDur*1e3 <= float64(limit) && k != top {
			continue
		}
		sums := map[string]float64{}
		for _, e := range events {
			if main[[2]int{e.Pid, e.Tid}] && e.Ph == "X" && e.Name != "ThreadControllerImpl::RunTask" && e.Ts >= task.Ts && e.Ts+e.Dur <= task.Ts+task.Dur {
				sums[e.Name] += e.Dur
			}
		}
		names := slices.SortedFunc(maps.Keys(sums), func(a, b string) int { return cmp.Compare(sums[b], sums[a]) })
		var parts []string
		for _, n := range names[:min(6, len(names))] {
			parts = append(parts, fmt.Sprintf("%s %.1f ms", n, sums[n]/1e3))
		}
		m := mainTask{At: time.Duration((task.Ts - tasks[0].Ts) * 1e3), Wall: time.Duration(task.Dur * 1e3), CPU: time.Duration(task.TDur * 1e3), Parts: strings.Join(parts, ", ")}
		if k == top {
			longest = m
		}
		if task.TDur*1e3 > float64(limit) {
			over = append(over, m)
		}
	}
	return over, longest
}
