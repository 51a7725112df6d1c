// The fast engine's inner loop for each instruction set: the lane kernel of
// fast_engine_kernel.inc (fast_engine_step.cpp tells the whole design),
// compiled for the baseline target, for AVX2 and for AVX-512.
//
// Vectors are GCC vector extensions: every operation acts lane by lane as
// the same IEEE operation on doubles would, and -ffp-contract=off holds for
// them as for scalars (no target here fuses a product into a sum), so each
// lane computes exactly what the scalar recipe computes, on every target.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <limits>
#include <span>

#include "fast_engine_detail.hpp"
#include "susurration/constants.hpp"
#include "susurration/exact_math.hpp"
#include "susurration/hypot_batch.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

// The kernel's functions that take or return vectors are all inlined into
// one function per target, so the calling convention this warns about is
// never used.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace susurration::fast {
namespace {

namespace baseline {

inline constexpr std::size_t kWide = 4;
inline constexpr std::size_t kNarrow = 4;
inline constexpr bool kMaskRegisters = false;

// Halves folded together: a shuffle and an or each, on any vector unit.
template <class Mask>
[[gnu::always_inline]] inline bool any(Mask m) {
  m |= __builtin_shufflevector(m, m, 2, 3, 0, 1);
  m |= __builtin_shufflevector(m, m, 1, 0, 3, 2);
  return m[0] != 0;
}

#include "fast_engine_kernel.inc"

}  // namespace baseline

// The wider lanes are compiled with GCC's `#pragma GCC target`, which clang
// (the fuzz preset's compiler) does not honour there: a clang build keeps
// the baseline lanes, which FastEngine's tests prove bit-identical.
#if defined(__x86_64__) && !defined(__clang__)

#pragma GCC push_options
#pragma GCC target("avx2")
namespace avx2 {

inline constexpr std::size_t kWide = 4;
inline constexpr std::size_t kNarrow = 4;
inline constexpr bool kMaskRegisters = false;

template <class Mask>
[[gnu::always_inline]] inline bool any(Mask m) {
  const __m256d bits = reinterpret_cast<__m256d>(m);
  return _mm256_testz_pd(bits, bits) == 0;
}

#include "fast_engine_kernel.inc"

}  // namespace avx2
#pragma GCC pop_options

#pragma GCC push_options
#pragma GCC target("avx512f,avx512dq,avx512vl")
namespace avx512 {

inline constexpr std::size_t kWide = 8;
inline constexpr std::size_t kNarrow = 4;
inline constexpr bool kMaskRegisters = true;

template <class Mask>
[[gnu::always_inline]] inline bool any(Mask m) {
  if constexpr (sizeof(Mask) == 64) {
    const __m512i bits = reinterpret_cast<__m512i>(m);
    return _mm512_test_epi64_mask(bits, bits) != 0;
  } else {
    const __m256i bits = reinterpret_cast<__m256i>(m);
    return _mm256_test_epi64_mask(bits, bits) != 0;
  }
}

// Appends the lanes of dx, dy in `lanes` to the lists at position `at`,
// in lane order; returns the new end. Each store writes a whole vector:
// the lists have room for kMaxLanes more.
template <class Real>
[[gnu::always_inline]] inline std::size_t compress(Real dx, Real dy, unsigned lanes, double* to_dx,
                                                   double* to_dy, std::size_t at) {
  const __mmask8 k = static_cast<__mmask8>(lanes);
  if constexpr (sizeof(Real) == 64) {
    _mm512_storeu_pd(to_dx + at, _mm512_maskz_compress_pd(k, reinterpret_cast<__m512d>(dx)));
    _mm512_storeu_pd(to_dy + at, _mm512_maskz_compress_pd(k, reinterpret_cast<__m512d>(dy)));
  } else {
    _mm256_storeu_pd(to_dx + at, _mm256_maskz_compress_pd(k, reinterpret_cast<__m256d>(dx)));
    _mm256_storeu_pd(to_dy + at, _mm256_maskz_compress_pd(k, reinterpret_cast<__m256d>(dy)));
  }
  return at + static_cast<std::size_t>(__builtin_popcount(lanes));
}

// The lanes of a mask as bits, lane 0 lowest.
template <class Mask>
[[gnu::always_inline]] inline unsigned bits(Mask m) {
  if constexpr (sizeof(Mask) == 64) {
    return _mm512_test_epi64_mask(reinterpret_cast<__m512i>(m), reinterpret_cast<__m512i>(m));
  } else {
    return _mm256_test_epi64_mask(reinterpret_cast<__m256i>(m), reinterpret_cast<__m256i>(m));
  }
}

// The reverse of compress: consecutive values from `from` into the lanes
// of `lanes`, +0.0 in the others.
template <class Real>
[[gnu::always_inline]] inline Real expand(const double* from, unsigned lanes) {
  if constexpr (sizeof(Real) == 64) {
    return reinterpret_cast<Real>(_mm512_maskz_expandloadu_pd(static_cast<__mmask8>(lanes), from));
  } else {
    return reinterpret_cast<Real>(_mm256_maskz_expandloadu_pd(static_cast<__mmask8>(lanes), from));
  }
}

#include "fast_engine_kernel.inc"

}  // namespace avx512
#pragma GCC pop_options

#endif

}  // namespace

Kernel kernel_for([[maybe_unused]] FastVectors vectors) {  // unused where only the baseline is built
#if defined(__x86_64__) && !defined(__clang__)
  if (vectors == FastVectors::widest) {
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
        __builtin_cpu_supports("avx512vl")) {
      return {avx512::kWide, avx512::update, avx512::collect};
    }
    if (__builtin_cpu_supports("avx2")) {
      return {avx2::kWide, avx2::update, avx2::collect};
    }
  }
#endif
  return {baseline::kWide, baseline::update, baseline::collect};
}

}  // namespace susurration::fast
