package dist

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"

	"gonum.org/v1/gonum/mat"
)

// MultivariateNormal is the normal distribution of vectors with mean mu and
// covariance cov: x = mu + L·z for L the lower-triangular Cholesky factor
// of cov (L·Lᵀ = cov) and z a vector of independent standard normals, this
// package's own (Normal's).
//
// The factor is computed once, by NewMultivariateNormal, with this
// package's own arithmetic in a fixed order (not gonum's, whose assembly
// sums in a different order on different platforms), so that the values,
// like every value of this package, are the same on every machine.
type MultivariateNormal struct {
	mu    []float64
	l     []float64 // L, lower triangle by rows: row i at i(i+1)/2, i+1 entries
	batch int       // values per block of Fill: whole vectors
}

// NewMultivariateNormal returns the normal distribution of mean mu and
// covariance cov, which must be len(mu)×len(mu), finite, and positive
// definite: the error says which row of the factorisation fails, for an
// indefinite cov, and for a singular one where rounding leaves a pivot at
// or below 0. Rounding may instead leave a singular cov's pivot just above
// 0 (for products A·Aᵀ of random A of lower rank, about one time in
// twenty): such a cov is accepted, and its vectors lie near the subspace
// it spans, not on it (off it by the square root of that pivot). It
// copies what it needs: later changes to mu or cov do not change the
// distribution.
func NewMultivariateNormal(mu []float64, cov mat.Symmetric) (*MultivariateNormal, error) {
	const fn = "dist: NewMultivariateNormal: "
	d := len(mu)
	if d == 0 {
		return nil, errors.New(fn + "mu is empty")
	}
	for i, v := range mu {
		if v-v != 0 {
			return nil, errors.New(fn + "mu[" + strconv.Itoa(i) + "] = " + fmtFloat(v) + ", want a finite number")
		}
	}
	if isNil(cov) {
		return nil, errors.New(fn + "cov is nil")
	}
	if n := cov.SymmetricDim(); n != d {
		return nil, fmt.Errorf(fn+"cov is %d×%d, mu has %d elements", n, n, d)
	}
	for i := range d {
		for j := range i + 1 {
			if v := cov.At(i, j); v-v != 0 {
				return nil, fmt.Errorf(fn+"cov[%d][%d] = %s, want a finite number", i, j, fmtFloat(v))
			}
		}
	}
	l, err := cholesky(cov, d)
	if err != nil {
		return nil, errors.New(fn + err.Error())
	}
	return &MultivariateNormal{mu: append([]float64(nil), mu...), l: l, batch: mvnBatch(d)}, nil
}

// isNil reports whether cov is nil, or holds a nil pointer (a nil
// *mat.SymDense), whose methods would panic.
func isNil(cov mat.Symmetric) bool {
	if cov == nil {
		return true
	}
	v := reflect.ValueOf(cov)
	switch v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan, reflect.Interface:
		return v.IsNil()
	}
	return false
}

// cholesky returns the lower-triangular factor of the d×d matrix a, by rows
// (Cholesky-Banachiewicz): L[i][j] = (a[i][j] - Σ_{k<j} L[i][k]·L[j][k]) /
// L[j][j], L[i][i] = √(a[i][i] - Σ_{k<i} L[i][k]²), each sum in order of k
// with every product rounded (the same bits everywhere). It is backward
// stable for a positive definite a; a pivot that is not > 0 means a is not
// positive definite (to within rounding), and is an error. A singular a's
// pivot is 0 only in exact arithmetic: computed, it is the rounding error
// of the row's sum, amplified by the condition of the rows above, and may
// fall on either side (for random A·Aᵀ of rank below d, up to about 2^-22
// of a[i][i] above 0), so no bound tells a singular a from an
// ill-conditioned positive definite one.
func cholesky(a mat.Symmetric, d int) ([]float64, error) {
	l := make([]float64, d*(d+1)/2)
	for i := range d {
		li := l[i*(i+1)/2 : i*(i+1)/2+i+1]
		for j := range i + 1 {
			lj := l[j*(j+1)/2 : j*(j+1)/2+j+1]
			s := a.At(i, j)
			for k := range j {
				s -= float64(li[k] * lj[k])
			}
			if j < i {
				li[j] = s / lj[j]
				continue
			}
			if !(s > 0) || math.IsInf(s, 0) {
				return nil, fmt.Errorf("cov is not positive definite (the Cholesky pivot of row %d is %s)", i, fmtFloat(s))
			}
			li[i] = math.Sqrt(s)
		}
	}
	return l, nil
}

// mvnBatch returns how many values Fill makes at a time, whole vectors of
// dimension d: a chunk (16 KiB, in L1 with the factor) where the factor is
// small, so that the product reads the normals where normalFill left them;
// 512 KiB (in L2) where the factor is too large for L1, so that each of its
// rows is read from memory once per many vectors.
func mvnBatch(d int) int {
	elems := chunkWords
	if d*(d+1)/2 > 4096 { // the factor is over 32 KiB
		elems = 1 << 16
	}
	return max(1, elems/d) * d
}

// Fill sets dst to len(dst)/len(mu) successive vectors of the law, row after
// row, and leaves src as that many one-vector Fills would: a Fill of k
// vectors gives the values of k Fills of one. It panics, drawing nothing, if
// len(dst) is not a multiple of len(mu), or if m was not made by
// NewMultivariateNormal.
//
// Each vector draws its len(mu) standard normals in order, then is mu + L·z.
func (m *MultivariateNormal) Fill(src rand.Source, dst []float64) {
	if m == nil || len(m.mu) == 0 {
		panic("dist: MultivariateNormal.Fill of a MultivariateNormal not made by NewMultivariateNormal")
	}
	d := len(m.mu)
	if len(dst)%d != 0 {
		panic("dist: MultivariateNormal.Fill: len(dst) = " + strconv.Itoa(len(dst)) +
			", want a multiple of the dimension " + strconv.Itoa(d))
	}
	w := open(src)
	defer w.done()
	for len(dst) > 0 {
		b := dst[:min(len(dst), m.batch)]
		for z := b; len(z) > 0; {
			z = z[normalFill(&w, chunk(&w, z), 0, 1):]
		}
		m.transform(b)
		dst = dst[len(b):]
	}
}

// transform replaces each vector z of b (whole vectors, row after row) by
// mu + L·z, in place: element i from the last to the first, since element
// i of the result needs z[0..i], which the elements below i still hold.
// Every vector's arithmetic is the same whatever b holds besides it (its
// sum in order of k, every product rounded), so a Fill's values do not
// depend on how it is cut into blocks. The loop over the vectors is
// inside the loop over the rows of L, so that each row is read once per
// block, the inner loop runs the same number of times for every vector
// (its exit is predicted), and the sums of different vectors, each a
// chain of dependent additions, overlap; four vectors at a time share
// each load of L.
func (m *MultivariateNormal) transform(b []float64) {
	d := len(m.mu)
	for i := d - 1; i >= 0; i-- {
		li := m.l[i*(i+1)/2 : i*(i+1)/2+i+1]
		mi := m.mu[i]
		o := 0
		for ; o+4*d <= len(b); o += 4 * d {
			z0 := b[o : o+len(li)]
			z1 := b[o+d : o+d+len(li)]
			z2 := b[o+2*d : o+2*d+len(li)]
			z3 := b[o+3*d : o+3*d+len(li)]
			l0 := li[0]
			s0, s1, s2, s3 := float64(l0*z0[0]), float64(l0*z1[0]), float64(l0*z2[0]), float64(l0*z3[0])
			for k := 1; k < len(li); k++ {
				l := li[k]
				s0 += float64(l * z0[k])
				s1 += float64(l * z1[k])
				s2 += float64(l * z2[k])
				s3 += float64(l * z3[k])
			}
			b[o+i] = mi + s0
			b[o+d+i] = mi + s1
			b[o+2*d+i] = mi + s2
			b[o+3*d+i] = mi + s3
		}
		for ; o+d <= len(b); o += d {
			z := b[o : o+len(li)]
			s := float64(li[0] * z[0])
			for k := 1; k < len(li); k++ {
				s += float64(li[k] * z[k])
			}
			b[o+i] = mi + s
		}
	}
}
