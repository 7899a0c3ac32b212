package access

import (
	"testing"

	"overloadlab/core/engine/sim/simtest"
)

func TestConform(t *testing.T) { simtest.Conform(t, Def) }
