// engine.cpp: a starter Susurration engine in C++ (spec/PROTOCOL.md).
//
//   build/starter_engine     # JSON Lines: one request in, one response out
//
// This file is the protocol; you should not need to change it. It answers
// hello, checks every parameter against spec/inputs.md and calls the model
// functions of model.hpp, which you write in model.cpp.
//
// Numbers: nlohmann/json keeps a token's kind, so 42 is an integer and 42.0
// a float (refused where an integer belongs, PROTO-9 rule 5); it reads a
// float to the nearest double (strtod) and writes a text that reads back to
// the same double, with ".0" and -0.0 kept (SERIAL-1). It would write a NaN or an
// infinity as null, so a result holding one is answered as an internal error.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <exception>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model.hpp"

namespace {

using nlohmann::json;

const std::map<std::string, std::vector<std::string>> kParams = {
    {"hello", {"protocol"}}, {"shutdown", {}}, {"prng", {"seed", "skip", "count"}},
    {"torus_delta", {"a", "b", "size"}}, {"torus_distance", {"from", "to"}},
    {"init", {"seed", "birds"}}, {"step", {"state", "weights", "ticks"}}, {"metrics", {"state"}},
    {"run", {"seed", "birds", "weights", "schedule", "ticks", "state_ticks"}}};
// The parameters spec/inputs.md ranges: a bad one is invalid-input naming it;
// any other bad parameter is invalid-request (PROTO-6).
const std::set<std::string> kNamed = {"seed", "birds", "weights", "ticks", "at_tick", "schedule", "state"};

struct Invalid {
  std::string field;
  std::string message;
};
Invalid invalid(const std::string& field, const json& value) {
  return {field, "invalid " + field + ": " + value.dump().substr(0, 80)};
}

// An integer token (not 42.0) in lo..hi.
std::int64_t integer(const std::string& field, const json& v, std::int64_t lo, std::int64_t hi) {
  // nlohmann keeps a token without a sign as unsigned, so that 2^64 - 1 fits.
  if (v.is_number_unsigned() && v.get<std::uint64_t>() <= static_cast<std::uint64_t>(hi) &&
      static_cast<std::int64_t>(v.get<std::uint64_t>()) >= lo)
    return static_cast<std::int64_t>(v.get<std::uint64_t>());
  if (v.is_number_integer() && !v.is_number_unsigned() && v.get<std::int64_t>() >= lo && v.get<std::int64_t>() <= hi)
    return v.get<std::int64_t>();
  throw invalid(field, v);
}
// Any finite number token (1 and 1.0 are the same weight, INPUT-3) in [lo, hi].
double number(const std::string& field, const json& v, double lo = -HUGE_VAL, double hi = HUGE_VAL) {
  if (!v.is_number()) throw invalid(field, v);
  const double x = v.get<double>();
  if (!std::isfinite(x) || !(x >= lo && x <= hi)) throw invalid(field, v);
  return x;
}
model::Weights weights(const std::string& field, const json& v) {  // INPUT-3
  if (!v.is_array() || v.size() != 3) throw invalid(field, v);
  return {number(field, v[0], 0, 1), number(field, v[1], 0, 1), number(field, v[2], 0, 1)};
}
std::map<std::int64_t, model::Weights> schedule(const json& v) {  // INPUT-7, SESSION-4
  if (!v.is_array()) throw invalid("schedule", v);
  std::map<std::int64_t, model::Weights> changes;
  std::int64_t last = -1;
  for (const json& e : v) {
    if (!e.is_object() || e.size() != 4 || !e.contains("tick") || !e.contains("cohesion") ||
        !e.contains("alignment") || !e.contains("separation"))
      throw invalid("schedule", e);
    last = integer("schedule", e["tick"], last + 1, 20000);
    changes[last] = weights("schedule", json::array({e["cohesion"], e["alignment"], e["separation"]}));
  }
  return changes;
}
// FIELD-3, written here so that checking a state needs no model.
double delta(double a, double b, double size) {
  const double d = b - a;
  return d > size / 2 ? d - size : d < -size / 2 ? d + size : d;
}
model::State state(const json& v) {  // INPUT-9
  if (!v.is_array() || v.empty() || v.size() > 400) throw invalid("state", v);
  model::State birds;
  for (const json& b : v) {
    if (!b.is_array() || b.size() != 4) throw invalid("state", b);
    const model::Bird q = {number("state", b[0], 0, 1000), number("state", b[1], 0, 600),
                           number("state", b[2], -1e150, 1e150), number("state", b[3], -1e150, 1e150)};
    if (std::fabs(q[2]) < 1e-150 && std::fabs(q[3]) < 1e-150) throw invalid("state", b);
    birds.push_back(q);
  }
  // Two birds closer than 1e-150 along both axes, not in one place (AMB-30).
  for (std::size_t i = 0; i < birds.size(); ++i)
    for (std::size_t j = i + 1; j < birds.size(); ++j) {
      const double dx = delta(birds[i][0], birds[j][0], 1000), dy = delta(birds[i][1], birds[j][1], 600);
      if (std::fabs(dx) < 1e-150 && std::fabs(dy) < 1e-150 && (dx != 0 || dy != 0))
        throw Invalid{"state", "invalid state: birds " + std::to_string(i) + " and " + std::to_string(j)};
    }
  return birds;
}
json metrics_json(const model::Metrics& m) {
  return {{"polarization", m.polarization},
          {"cluster_count", m.cluster_count},
          {"mean_neighbor_distance", m.mean_neighbor_distance ? json(*m.mean_neighbor_distance) : json(nullptr)}};
}

// init, then the metrics at every tick and a step between ticks; a schedule
// entry logged at tick t changes the weights of the step t -> t + 1
// (WEIGHTS-3).
json run(const json& p) {
  const auto seed = static_cast<std::uint32_t>(integer("seed", p["seed"], 0, 4294967295));
  const auto birds = static_cast<int>(integer("birds", p["birds"], 10, 400));
  model::Weights w = weights("weights", p["weights"]);
  const auto changes = schedule(p["schedule"]);
  const std::int64_t ticks = integer("ticks", p["ticks"], 0, 20000);
  const json& st = p["state_ticks"];
  if (!st.is_array()) throw invalid("state_ticks", st);
  std::set<std::int64_t> wanted;
  std::int64_t last = -1;
  for (const json& t : st) wanted.insert(last = integer("state_ticks", t, last + 1, ticks));
  json columns = {{"polarization", json::array()}, {"cluster_count", json::array()},
                  {"mean_neighbor_distance", json::array()}};
  json states = json::array();
  model::State s = model::init(seed, birds);
  for (std::int64_t t = 0; t <= ticks; ++t) {
    const json m = metrics_json(model::metrics(s));
    for (auto& [key, column] : columns.items()) column.push_back(m[key]);
    if (wanted.count(t)) states.push_back({{"tick", t}, {"state", s}});
    if (t < ticks) {
      if (auto c = changes.find(t); c != changes.end()) w = c->second;
      s = model::step(s, w);
    }
  }
  return {{"metrics", columns}, {"states", states}};
}

json handle(const std::string& method, const json& p) {
  if (method == "hello")
    return {{"protocol", 1}, {"name", "starter"}, {"version", "0.1.0"}, {"language", "C++20"},
            {"capabilities", {"prng", "torus", "init", "step", "metrics", "run"}}};
  if (method == "shutdown") return json::object();
  if (method == "prng") {
    const auto d = model::prng(static_cast<std::uint32_t>(integer("seed", p["seed"], 0, 4294967295)),
                               static_cast<std::uint64_t>(integer("skip", p["skip"], 0, (1LL << 53) - 1)),
                               static_cast<int>(integer("count", p["count"], 1, 100000)));
    return {{"u32", d.u32}, {"next", d.next}};
  }
  if (method == "torus_delta") {
    const double size = number("size", p["size"]);
    if (size != 1000 && size != 600) throw invalid("size", p["size"]);
    return {{"delta", model::torus_delta(number("a", p["a"], 0, size), number("b", p["b"], 0, size), size)}};
  }
  if (method == "torus_distance") {
    for (const char* k : {"from", "to"})
      if (!p[k].is_array() || p[k].size() != 2) throw invalid(k, p[k]);
    const auto r = model::torus_distance(number("from", p["from"][0], 0, 1000), number("from", p["from"][1], 0, 600),
                                         number("to", p["to"][0], 0, 1000), number("to", p["to"][1], 0, 600));
    return {{"dx", r.dx}, {"dy", r.dy}, {"distance", r.distance}};
  }
  if (method == "init")
    return {{"state", model::init(static_cast<std::uint32_t>(integer("seed", p["seed"], 0, 4294967295)),
                                  static_cast<int>(integer("birds", p["birds"], 10, 400)))}};
  if (method == "step") {
    model::State s = state(p["state"]);
    const model::Weights w = weights("weights", p["weights"]);
    for (auto t = integer("ticks", p["ticks"], 1, 1000); t > 0; --t) s = model::step(s, w);
    return {{"state", s}};
  }
  if (method == "metrics") return metrics_json(model::metrics(state(p["state"])));
  return run(p);
}

bool finite(const json& v) {
  if (v.is_number_float()) return std::isfinite(v.get<double>());
  if (v.is_structured())
    for (const json& e : v) if (!finite(e)) return false;
  return true;
}

json error(const json& id, const std::string& code, const json& field, const std::string& message) {
  return {{"id", id}, {"error", {{"code", code}, {"field", field}, {"message", message}}}};
}

// The response to one request line; done once shutdown is answered.
json answer(const std::string& line, bool& done) {
  json req;
  try {
    req = json::parse(line);
  } catch (const json::exception& e) {
    return error(nullptr, "invalid-request", nullptr, e.what());
  }
  json id = nullptr;
  if (req.is_object() && req.contains("id") && req["id"].is_number_integer() && !req["id"].is_number_float() &&
      (req["id"].is_number_unsigned() ? req["id"].get<std::uint64_t>() < (1ULL << 53)
                                      : req["id"].get<std::int64_t>() >= 0))
    id = req["id"];
  if (id.is_null() || req.size() != 3 || !req.contains("method") || !req["method"].is_string() ||
      !req.contains("params") || !req["params"].is_object())
    return error(id, "invalid-request", nullptr, "not a request");
  const std::string method = req["method"];
  const json& p = req["params"];
  const auto known = kParams.find(method);
  if (known == kParams.end()) return {{"id", id}, {"unsupported", "starter does not offer " + method.substr(0, 80)}};
  for (const auto& [key, value] : p.items())
    if (std::find(known->second.begin(), known->second.end(), key) == known->second.end())
      return error(id, "invalid-request", nullptr, "unknown parameter " + key);
  for (const std::string& key : known->second)
    if (!p.contains(key))
      return kNamed.count(key) ? error(id, "invalid-input", key, "missing " + key)
                               : error(id, "invalid-request", nullptr, "missing " + key);
  try {
    json result = handle(method, p);
    if (!finite(result)) return error(id, "internal", nullptr, "the model gave a NaN or an infinity");
    done = method == "shutdown";
    return {{"id", id}, {"result", result}};
  } catch (const Invalid& e) {
    return kNamed.count(e.field) ? error(id, "invalid-input", e.field, e.message)
                                 : error(id, "invalid-request", nullptr, e.message);
  } catch (const std::exception& e) {
    std::cerr << method << ": " << e.what() << '\n';
    return error(id, "internal", nullptr, e.what());
  }
}

}  // namespace

int main() {
  std::ios::sync_with_stdio(false);
  std::string line;
  bool done = false;
  while (!done && std::getline(std::cin, line))  // ends when stdin closes (PROTO-9 rule 7)
    std::cout << answer(line, done).dump() << '\n' << std::flush;  // PROTO-2: before the next line
  return 0;
}
