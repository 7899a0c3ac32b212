//go:build !js

package web_test

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"overloadlab/web/headless"
)

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
	events, err := headless.Trace(tb.ctx, []string{"toplevel", "devtools.timeline", "v8", "disabled-by-default-v8.gc", "mojom"}, func() error { do(); return nil })
	if err != nil {
		t.Fatal(err)
	}
	main := headless.MainThreads(events)
	tasks := main.Tasks(events)
	if len(tasks) == 0 {
		t.Fatalf("no task of the page's main thread in a trace of %d events", len(events))
	}
	most := slices.MaxFunc(tasks, func(a, b headless.Event) int { return cmp.Compare(a.TDur, b.TDur) }).TDur
	top := slices.IndexFunc(tasks, func(e headless.Event) bool { return e.TDur == most })
	for k, task := range tasks {
		if task.TDur*1e3 <= float64(limit) && k != top {
			continue
		}
		sums := map[string]float64{}
		for _, e := range events {
			if main.Has(e) && e.Ph == "X" && e.Name != headless.Task && e.Ts >= task.Ts && e.Ts+e.Dur <= task.Ts+task.Dur {
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
