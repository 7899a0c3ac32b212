package sim

import (
	"errors"
	"fmt"

	"overloadlab/core/engine/jsonw"
	"overloadlab/core/engine/param"
	"overloadlab/core/engine/scenario"
)

// planFields and variantFields are the keys of a plan's JSON and of a
// variant's.
var (
	planFields    = []string{"param", "from", "to", "points", "log", "values", "seeds", "variants", "metrics"}
	variantFields = []string{"label", "params", "follow"}
)

// decode reads raw into w as strictly as the rest of a link is read
// (param.DecodeObject): one JSON object, keys exactly as written and each
// once, no unknown key, no null anywhere; a variant's label is words
// (scenario.CheckWords, at most scenario.MaxTitle characters).
func (w *PlanJSON) decode(raw []byte) error {
	members, err := param.DecodeObject(raw, "sweep", planFields)
	if err != nil {
		return err
	}
	for _, m := range members {
		where := "sweep." + m.Key
		switch m.Key {
		case "param":
			w.Param, err = param.DecodeString(m.Raw, where)
		case "from":
			w.From, err = param.DecodeNumber(m.Raw, where, "a number")
		case "to":
			w.To, err = param.DecodeNumber(m.Raw, where, "a number")
		case "points":
			w.Points, err = decodeInt(m.Raw, where)
		case "seeds":
			w.Seeds, err = decodeInt(m.Raw, where)
		case "log":
			var ok bool
			if w.Log, ok = jsonw.Bool(jsonw.Trim(m.Raw)); !ok {
				err = &param.Error{Field: where, Value: param.Clip(string(jsonw.Trim(m.Raw))), Allowed: "true or false"}
			}
		case "values":
			w.Values, err = decodeValues(m.Raw, where)
		case "variants":
			w.Variants, err = decodeVariants(m.Raw, where)
		case "metrics":
			w.Metrics, err = decodeNames(m.Raw, where)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// decodeInt reads a whole number (not null).
func decodeInt(raw []byte, where string) (int, error) {
	n, ok := jsonw.Int(jsonw.Trim(raw))
	if !ok {
		return 0, &param.Error{Field: where, Value: param.Clip(string(jsonw.Trim(raw))), Allowed: "a whole number"}
	}
	return n, nil
}

// decodeValues reads a list of numbers, none null.
func decodeValues(raw []byte, where string) ([]float64, error) {
	items, err := param.DecodeArray(raw, where)
	if err != nil {
		return nil, err
	}
	if len(items) > MaxPoints {
		return nil, &param.Error{Field: where, Value: fmt.Sprintf("%d values", len(items)), Allowed: fmt.Sprintf("1 to %d values", MaxPoints)}
	}
	out := make([]float64, len(items))
	for i, x := range items {
		if out[i], err = param.DecodeNumber(x, fmt.Sprintf("%s[%d]", where, i), "a number"); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// decodeNames reads a list of at most MaxMetrics names, none null.
func decodeNames(raw []byte, where string) ([]string, error) {
	items, err := param.DecodeArray(raw, where)
	if err != nil {
		return nil, err
	}
	if len(items) > MaxMetrics {
		return nil, &param.Error{Field: where, Value: fmt.Sprint(len(items)), Allowed: fmt.Sprintf("at most %d", MaxMetrics)}
	}
	out := make([]string, len(items))
	for i, x := range items {
		if out[i], err = param.DecodeString(x, fmt.Sprintf("%s[%d]", where, i)); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// decodeVariants reads a list of variants {label, params}.
func decodeVariants(raw []byte, where string) ([]VariantJSON, error) {
	items, err := param.DecodeArray(raw, where)
	if err != nil {
		return nil, err
	}
	if len(items) > MaxVariants {
		return nil, &param.Error{Field: where, Value: fmt.Sprint(len(items)), Allowed: fmt.Sprintf("at most %d", MaxVariants)}
	}
	out := make([]VariantJSON, len(items))
	for i, item := range items {
		at := fmt.Sprintf("%s[%d]", where, i)
		members, err := param.DecodeObject(item, at, variantFields)
		if err != nil {
			return nil, err
		}
		for _, m := range members {
			switch m.Key {
			case "label":
				if out[i].Label, err = param.DecodeString(m.Raw, at+".label"); err == nil {
					err = scenario.CheckWords(at+".label", out[i].Label, scenario.MaxTitle, false)
				}
			case "follow":
				out[i].Follow, err = decodeNames(m.Raw, at+".follow")
			case "params":
				var ps []param.Member
				if ps, err = param.DecodeObject(m.Raw, at+".params", nil); err == nil {
					out[i].Params = make(map[string]jsonw.Raw, len(ps))
					for _, p := range ps {
						out[i].Params[p.Key] = p.Raw
					}
				}
			}
			if err != nil {
				return nil, err
			}
		}
	}
	return out, nil
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

// decodeTo decodes v by read into *dst.
func decodeTo[T any](dst *T, read func([]byte) (T, bool), v []byte, field string) error {
	x, ok := read(v)
	if !ok {
		return mismatch(v, field)
	}
	*dst = x
	return nil
}

func mismatch(v []byte, field string) error {
	return fmt.Errorf("json: cannot unmarshal %s into Go struct field %s", jsonw.KindOf(v), field)
}
