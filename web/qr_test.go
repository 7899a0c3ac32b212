//go:build !js

package web_test

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// qrReadJS decodes the QR code drawn in the dialog with jsQR (a
// devDependency, injected into the page; the page itself never loads it)
// and says what it read, the code's version and its size on screen.
const qrReadJS = `(() => {
  const c = document.getElementById("qr-code");
  const copy = document.createElement("canvas"); // read back once, from a copy made for it
  copy.width = c.width; copy.height = c.height;
  const ctx = copy.getContext("2d", { willReadFrequently: true });
  ctx.drawImage(c, 0, 0);
  const img = ctx.getImageData(0, 0, c.width, c.height);
  const got = jsQR(img.data, img.width, img.height);
  const r = c.getBoundingClientRect();
  return JSON.stringify({ text: got ? got.data : "", href: location.href, version: Number(c.dataset.version),
    side: r.width, top: r.top, bottom: r.bottom, left: r.left, right: r.right, w: innerWidth, h: innerHeight,
    words: document.getElementById("qr-size").textContent, open: document.getElementById("qr-dialog").open });
})()`

// injectJSQR is the script that loads jsQR into the page as window.jsQR.
// Its UMD wrapper would take a global exports or module (an element's id,
// such as an element whose id is "exports", would be one) for CommonJS: they
// are shadowed, so it sets self.jsQR.
func injectJSQR(reader []byte) string {
	return "(() => { const exports = undefined, module = undefined, define = undefined; " + string(reader) + "; return typeof window.jsQR === 'function' })()"
}

type qrRead struct {
	Text, Href, Words              string
	Version                        int
	Side, Top, Bottom, Left, Right float64
	W, H                           float64
	Open                           bool
}

func readQR(t *testing.T, tb *tab) qrRead {
	t.Helper()
	var q qrRead
	if err := json.Unmarshal([]byte(eval[string](t, tb, qrReadJS)), &q); err != nil {
		t.Fatal(err)
	}
	return q
}

// TestQRCode: the QR code button draws the current link (a what-if with a
// change, so the link is not the bare page) and a QR reader decodes it
// back to location.href; in presentation mode at 1024×768 the code is at
// least 300 px a side, whole in the window, its words say it reads from
// the back of a room; at 390×844 it fits the phone's width.
func TestQRCode(t *testing.T) {
	reader, err := os.ReadFile("../node_modules/jsqr/dist/jsQR.js")
	if err != nil {
		t.Fatalf("jsqr (a devDependency): %v; run make modules", err)
	}
	tb := openPage(t)
	eval[string](t, tb, setParam("storm.factor", "4"))
	tb.wait(t, `document.body.dataset.link && document.body.dataset.link !== ""`, 10*time.Second)
	// No element's id takes a name a UMD script reads as its loader.
	if g := eval[string](t, tb, `["exports", "module", "define"].filter((n) => n in window).join(" ")`); g != "" {
		t.Errorf("the page's globals %q are elements' ids; a UMD script would take them for CommonJS or AMD", g)
	}
	eval[bool](t, tb, injectJSQR(reader))
	if !eval[bool](t, tb, `typeof window.jsQR === "function"`) {
		t.Fatal("jsQR did not load in the page")
	}
	check := func(where string, least float64) {
		t.Helper()
		// The link follows a change a moment later (linkSoon): the code too.
		tb.wait(t, `document.getElementById("qr-code").dataset.href === location.href`, 5*time.Second)
		q := readQR(t, tb)
		if !q.Open {
			t.Errorf("%s: the QR dialog is not open", where)
		}
		if q.Text == "" || q.Text != q.Href {
			t.Errorf("%s: the QR code reads %q, the address is %q", where, q.Text, q.Href)
		}
		if q.Side < least {
			t.Errorf("%s: the QR code is %.0f px a side, want ≥ %.0f", where, q.Side, least)
		}
		if q.Top < 0 || q.Left < 0 || q.Bottom > q.H+0.5 || q.Right > q.W+0.5 {
			t.Errorf("%s: the QR code (%.0f,%.0f)–(%.0f,%.0f) is not whole in the %.0f×%.0f window", where, q.Left, q.Top, q.Right, q.Bottom, q.W, q.H)
		}
		t.Logf("%s: version %d, %.0f px a side: %s", where, q.Version, q.Side, q.Words)
	}
	click(t, tb, "qr-share")
	check("beside Share link at 1280×800", 300)
	viewShot(t, tb, "qr-1280x800.png")
	click(t, tb, "qr-close")

	tb.emulate(t, viewports[1])
	tb.do(t, chromedp.KeyEvent("f"))
	tb.wait(t, present, 5*time.Second)
	click(t, tb, "qr")
	check("presentation mode at 1024×768", 400)
	q := readQR(t, tb)
	if want := fmt.Sprintf("QR version %d", q.Version); len(q.Words) < len(want) || q.Words[:len(want)] != want {
		t.Errorf("the code's words %q do not start with %q", q.Words, want)
	}
	viewShot(t, tb, "qr-present-1024x768.png")
	click(t, tb, "qr-close")
	tb.do(t, chromedp.KeyEvent("f"))

	tb.emulate(t, viewports[3])
	time.Sleep(300 * time.Millisecond)
	click(t, tb, "qr-share")
	check("390×844", 250)
	viewShot(t, tb, "qr-390x844.png")
	if errs := tb.errors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
}
