// Valid ranges of every input (spec/inputs.md) and the one-line complaint
// for a value outside them. The texts are part of the contract: tests and
// engines check them by prefix ("invalid <field>: ").
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "susurration/simulation.hpp"
#include "susurration/state.hpp"

namespace susurration {

// Thrown for a value outside its range; what() is the whole line, e.g.
// "invalid birds: 9 (allowed: integer 10..400)".
class InputError : public std::runtime_error {
 public:
  InputError(std::string_view field, std::string_view value, std::string_view allowed);
  const std::string& field() const { return field_; }

 private:
  std::string field_;
};

// Each parser takes the text a user typed and returns the value or throws.
std::uint32_t parse_seed(std::string_view text);                  // INPUT-1
int parse_birds(std::string_view text);                           // INPUT-2
Weights parse_weights(std::string_view text);                     // INPUT-3: "C,A,S"
int parse_at_tick(std::string_view text);                         // INPUT-5
int parse_ticks(std::string_view text);                           // INPUT-6
int parse_ticks_per_call(std::string_view text);                  // INPUT-4

// Checks of values that arrived already typed (from JSON files).
void check_weight(std::string_view field, double w);              // INPUT-3
void check_schedule(const Schedule& schedule);                    // INPUT-7
void check_ticks_per_call(int ticks);                             // INPUT-4
void check_state(const State& s);                                 // INPUT-9

}  // namespace susurration
