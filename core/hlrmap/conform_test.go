package hlrmap

import (
	"testing"

	"overloadlab/core/sim/simtest"
)

func TestConform(t *testing.T) { simtest.Conform(t, Def) }
