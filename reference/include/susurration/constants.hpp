// The numbers the specification fixes (spec/field.md, spec/step.md, spec/metrics.md).
// Every constant is written exactly as spec/ gives it; 3 x 90 is spelled out
// as 270.0 because the product is exact in float64 and the metric compares
// against the product.
#pragma once

namespace susurration {

inline constexpr double kWidth = 1000.0;  // FIELD-1
inline constexpr double kHeight = 600.0;  // FIELD-1

inline constexpr double kPerceptionRadius = 90.0;  // STEP-2
inline constexpr double kSeparationRadius = 28.0;  // STEP-5
inline constexpr double kCohesionScale = 0.0045;   // STEP-3
inline constexpr double kAlignmentScale = 0.05;    // STEP-4
inline constexpr double kSeparationScale = 2.5;    // STEP-5

inline constexpr double kMinSpeed = 1.6;  // STATE-3, STEP-7
inline constexpr double kMaxSpeed = 4.2;  // STATE-3, STEP-7

inline constexpr double kClusterEdge = 90.0;    // METRIC-3
inline constexpr double kNearestLimit = 270.0;  // METRIC-5: 3 x 90

// PI as the double nearest to pi (INIT-2): the value every language's
// standard constant holds.
inline constexpr double kPi = 3.141592653589793;

inline constexpr int kMinBirds = 10;       // INPUT-2
inline constexpr int kMaxBirds = 400;      // INPUT-2
inline constexpr int kDefaultBirds = 120;  // STATE-1

inline constexpr int kMinAtTick = 1;         // INPUT-5
inline constexpr int kMaxAtTick = 20000;     // INPUT-5
inline constexpr int kToleranceWindow = 200;  // TOL-2: ticks 0..200 inclusive
inline constexpr double kRelativeTolerance = 1e-3;  // TOL-1

}  // namespace susurration
