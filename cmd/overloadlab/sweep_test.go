package main

import (
	"encoding/csv"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// TestSweepCSV: one row per point of every curve, the swept parameter named
// in the header, and the points of a curve at the offered loads asked for.
func TestSweepCSV(t *testing.T) {
	out, errs, code := cli(t, "sweep", "-preset", "scp-10-ssps", "-duration", "20")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errs)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"curve", "ssp.load", "offered_per_s", "goodput_per_s", "throttled_per_s", "cpu_mean_pct", "digest"}
	if strings.Join(rows[0], ",") != strings.Join(want, ",") {
		t.Fatalf("header %v, want %v", rows[0], want)
	}
	if len(rows) != 1+3*11 {
		t.Fatalf("%d rows, want 1 + 3 curves × 11 loads", len(rows))
	}
	if rows[1][0] != "no control" || rows[1][1] != "0.5" || rows[33][0] != "adaptive" || rows[33][1] != "10" {
		t.Fatalf("first row %v, last row %v", rows[1], rows[33])
	}
	for _, r := range rows[1:] {
		x, _ := strconv.ParseFloat(r[1], 64)
		offered, _ := strconv.ParseFloat(r[2], 64)
		// 10 SSPs offer x × 500/s: over 20 s within 10 %.
		if offered < 0.9*500*x || offered > 1.1*500*x {
			t.Errorf("%s at %g×: offered %g/s", r[0], x, offered)
		}
	}
}

func TestSweepJSON(t *testing.T) {
	out, errs, code := cli(t, "sweep", "-preset", "scp-10-ssps", "-sweep", "carried-vs-offered", "-duration", "5", "-format", "json")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errs)
	}
	var r struct {
		Model string `json:"model"`
		Sweep struct {
			ID string `json:"id"`
		} `json:"sweep"`
		Curves []struct {
			Label  string `json:"label"`
			Points []struct {
				X       float64 `json:"x"`
				Goodput float64 `json:"goodput"`
			} `json:"points"`
		} `json:"curves"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Model != "scp" || r.Sweep.ID != "carried-vs-offered" || len(r.Curves) != 3 || len(r.Curves[2].Points) != 11 ||
		r.Curves[2].Label != "adaptive" || r.Curves[2].Points[10].X != 10 {
		t.Fatalf("%+v", r)
	}
}

func TestSweepBadInput(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"sweep"}, "give -preset NAME or -scenario FILE"},
		{[]string{"sweep", "-preset", "scp-10-ssps", "-sweep", "nope"}, `sweep: "nope" is not allowed (allowed: one of carried-vs-offered)`},
		{[]string{"sweep", "-preset", "busy-hour"}, "model imsimgr has no sweep"},
		{[]string{"sweep", "-preset", "scp-10-ssps", "-format", "xml"}, `-format "xml": allowed csv, json`},
		{[]string{"sweep", "-preset", "scp-10-ssps", "-duration", "0"}, "duration_s"},
	}
	for _, c := range cases {
		_, errs, code := cli(t, c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: code %d, stderr %q, want it to contain %q", c.args, code, errs, c.want)
		}
	}
}
