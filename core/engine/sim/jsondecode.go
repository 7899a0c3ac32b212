package sim

import (
	"errors"
	"fmt"

	"overloadlab/core/engine/jsonw"
)

// decode reads the first JSON value of raw into w as a json.Decoder with
// DisallowUnknownFields reads it (the plan's format since it was first
// written, so a link's sweep reads as it always did): what follows the
// value is not read; keys match the fields exactly or else without regard
// to case, the last of a key wins; null leaves a field as it is (a list
// or a map: nil); a list or a map given twice is decoded over the first.
func (w *PlanJSON) decode(raw []byte) error {
	p := jsonw.SkipSpace(raw, 0)
	end, ok := jsonw.ScanValue(raw, p)
	if !ok {
		if p == len(raw) {
			return errors.New("EOF")
		}
		return errors.New("malformed JSON")
	}
	v := raw[p:end]
	if jsonw.IsNull(v) {
		return nil
	}
	isObject, err := jsonw.Object(v, func(key string, v []byte) error {
		switch {
		case jsonw.IsNull(v):
			switch {
			case jsonw.SameKey(key, "values"):
				w.Values = nil
			case jsonw.SameKey(key, "variants"):
				w.Variants = nil
			case !isPlanKey(key):
				return unknownField(key)
			}
			return nil
		case jsonw.SameKey(key, "param"):
			return decodeTo(&w.Param, jsonw.String, v, "PlanJSON.param")
		case jsonw.SameKey(key, "from"):
			return decodeTo(&w.From, jsonw.Number, v, "PlanJSON.from")
		case jsonw.SameKey(key, "to"):
			return decodeTo(&w.To, jsonw.Number, v, "PlanJSON.to")
		case jsonw.SameKey(key, "points"):
			return decodeTo(&w.Points, jsonw.Int, v, "PlanJSON.points")
		case jsonw.SameKey(key, "log"):
			return decodeTo(&w.Log, jsonw.Bool, v, "PlanJSON.log")
		case jsonw.SameKey(key, "seeds"):
			return decodeTo(&w.Seeds, jsonw.Int, v, "PlanJSON.seeds")
		case jsonw.SameKey(key, "values"):
			var ok bool
			if w.Values, ok = jsonw.Floats(v, w.Values); !ok {
				return mismatch(v, "PlanJSON.values")
			}
			return nil
		case jsonw.SameKey(key, "variants"):
			return w.decodeVariants(v)
		}
		return unknownField(key)
	})
	if !isObject {
		return mismatch(v, "PlanJSON")
	}
	return err
}

func isPlanKey(key string) bool {
	for _, k := range []string{"param", "from", "to", "points", "log", "values", "seeds", "variants"} {
		if jsonw.SameKey(key, k) {
			return true
		}
	}
	return false
}

// decodeVariants reads the variants over those already read, as
// encoding/json decodes a list into a slice it reuses.
func (w *PlanJSON) decodeVariants(v []byte) error {
	old := w.Variants[:cap(w.Variants)]
	w.Variants = w.Variants[:0]
	isArray, err := jsonw.Array(v, func(e []byte) error {
		k := len(w.Variants)
		var vw VariantJSON
		if k < len(old) {
			vw = old[k]
		}
		w.Variants = append(w.Variants, vw)
		if jsonw.IsNull(e) {
			return nil
		}
		return w.Variants[k].decode(e)
	})
	if !isArray {
		return mismatch(v, "PlanJSON.variants")
	}
	if err == nil && w.Variants == nil {
		w.Variants = []VariantJSON{}
	}
	return err
}

// decode reads one variant of a plan over vw.
func (vw *VariantJSON) decode(v []byte) error {
	isObject, err := jsonw.Object(v, func(key string, v []byte) error {
		switch {
		case jsonw.SameKey(key, "label"):
			if jsonw.IsNull(v) {
				return nil
			}
			return decodeTo(&vw.Label, jsonw.String, v, "VariantJSON.label")
		case jsonw.SameKey(key, "params"):
			if jsonw.IsNull(v) {
				vw.Params = nil
				return nil
			}
			if vw.Params == nil {
				vw.Params = map[string]jsonw.Raw{}
			}
			isObject, _ := jsonw.Object(v, func(name string, x []byte) error {
				vw.Params[name] = jsonw.Raw(x)
				return nil
			})
			if !isObject {
				return mismatch(v, "VariantJSON.params")
			}
			return nil
		}
		return unknownField(key)
	})
	if !isObject {
		return mismatch(v, "PlanJSON.variants")
	}
	return err
}

// decodeTo decodes v by read into *dst.
func decodeTo[T any](dst *T, read func([]byte) (T, bool), v []byte, field string) error {
	x, ok := read(v)
	if !ok {
		return mismatch(v, field)
	}
	*dst = x
	return nil
}

func unknownField(key string) error { return fmt.Errorf("json: unknown field %q", key) }

func mismatch(v []byte, field string) error {
	return fmt.Errorf("json: cannot unmarshal %s into Go struct field %s", jsonw.KindOf(v), field)
}

// DecodeSamples reads a JSON list of samples as json.Unmarshal reads it
// into a []Sample: the whole text one valid value; null for no list; keys
// matched exactly or else without regard to case, unknown keys ignored,
// null leaving a field as it is.
func DecodeSamples(data []byte) ([]Sample, error) {
	if !jsonw.Valid(data) {
		return nil, errors.New("malformed JSON")
	}
	v := jsonw.Trim(data)
	if jsonw.IsNull(v) {
		return nil, nil
	}
	out := []Sample{}
	isArray, err := jsonw.Array(v, func(e []byte) error {
		out = append(out, Sample{})
		if jsonw.IsNull(e) {
			return nil
		}
		return out[len(out)-1].decode(e)
	})
	if !isArray {
		return nil, mismatch(v, "[]Sample")
	}
	return out, err
}

// decode reads one sample over s.
func (s *Sample) decode(v []byte) error {
	isObject, err := jsonw.Object(v, func(key string, v []byte) error {
		if jsonw.IsNull(v) {
			if jsonw.SameKey(key, "values") {
				s.Values = nil
			}
			return nil
		}
		switch {
		case jsonw.SameKey(key, "Variant"):
			return decodeTo(&s.Variant, jsonw.Int, v, "Sample.Variant")
		case jsonw.SameKey(key, "Point"):
			return decodeTo(&s.Point, jsonw.Int, v, "Sample.Point")
		case jsonw.SameKey(key, "Seed"):
			return decodeTo(&s.Seed, jsonw.Int, v, "Sample.Seed")
		case jsonw.SameKey(key, "x"):
			return decodeTo(&s.X, jsonw.Number, v, "Sample.x")
		case jsonw.SameKey(key, "digest"):
			return decodeTo(&s.Digest, jsonw.String, v, "Sample.digest")
		case jsonw.SameKey(key, "values"):
			var ok bool
			if s.Values, ok = jsonw.Floats(v, s.Values); !ok {
				return mismatch(v, "Sample.values")
			}
		}
		return nil
	})
	if !isObject {
		return mismatch(v, "[]Sample")
	}
	return err
}
