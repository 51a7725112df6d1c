// The protocol conversation (spec/PROTOCOL.md PROTO-2..8).
#include "susurration/grader/session.hpp"

#include <algorithm>
#include <cmath>

#include "susurration/schema_check.hpp"

namespace susurration::grader {
namespace {

constexpr std::size_t kQuote = 300;  // how much offending output a report quotes

std::string quote(const std::string& text) {
  return text.size() <= kQuote ? text : text.substr(0, kQuote) + "... (" +
                                            std::to_string(text.size()) + " bytes)";
}

// Parsed once: every session in every thread reads the same checker.
const SchemaChecker& response_schema() {
  static const SchemaChecker checker(Json::parse(protocol_response_schema()));
  return checker;
}

const SchemaChecker& request_schema() {
  static const SchemaChecker checker(Json::parse(protocol_request_schema()));
  return checker;
}

std::string seconds(std::chrono::milliseconds ms) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g s", ms.count() / 1000.0);
  return buf;
}

// The units of work per base deadline: a pure-Python engine takes 1 to
// 2.5 us per bird pair and tick (measured: adapters/python, 1.1 us on a
// loaded machine; 60 to 100 s for 400 birds and 250 ticks, issue 12), so
// 2,000,000 pair-ticks per base of 10 s leaves it twice that.
constexpr double kWorkPerBase = 2'000'000;

}  // namespace

std::chrono::milliseconds request_deadline(std::chrono::milliseconds base, const std::string& method,
                                           const Json& params) {
  try {
    if (request_schema().violation(Json{{"id", 0}, {"method", method}, {"params", params}},
                                   "/$defs/request_" + method)) {
      return base;
    }
  } catch (const std::logic_error&) {
    // A method the schema does not know yet: judged by its parameters alone.
  }
  // n birds (`birds`, or the length of `state`) over t ticks (`ticks`, or
  // `at_tick`; 1 when the request advances none, as `metrics`).
  // Integers whether parsed (unsigned) or built by the kit (signed).
  const auto count = [&](const char* key) {
    return params.contains(key) && params[key].is_number_integer() ? std::max(0.0, params[key].get<double>()) : 0.0;
  };
  double birds = count("birds"), ticks = std::max({1.0, count("ticks"), count("at_tick")});
  if (params.contains("state") && params["state"].is_array()) birds = static_cast<double>(params["state"].size());
  const double work = birds * birds * ticks;
  return std::chrono::milliseconds(
      std::llround(static_cast<double>(base.count()) * (1 + work / kWorkPerBase)));
}

Session::Session(std::vector<std::string> argv, std::chrono::milliseconds timeout)
    : argv_(std::move(argv)), timeout_(timeout) {}

Session::~Session() { discard(); }

Json Session::exchange(const std::string& method, const Json& params, std::chrono::milliseconds deadline) {
  const long long id = next_id_++;
  const std::string line = Json{{"id", id}, {"method", method}, {"params", params}}.dump();
  if (transcript_) transcript_->push_back("> " + line);
  const Reply reply = process_->exchange(line, deadline);
  if (transcript_ && reply.kind == Reply::Kind::line) transcript_->push_back("< " + reply.text);
  switch (reply.kind) {
    case Reply::Kind::timeout:
      throw EngineBroke("no response to " + method + " within " + seconds(deadline) +
                            " (PROTO-3's deadline: --timeout " + seconds(timeout_) +
                            " scaled by the work asked; a slower engine needs a larger --timeout)",
                        quote(reply.text), true);
    case Reply::Kind::overlong:
      throw EngineBroke("a response line to " + method + " longer than the limit", quote(reply.text));
    case Reply::Kind::exited: {
      process_->stop(std::chrono::milliseconds(200));
      const int status = process_->exit_status();
      throw EngineBroke("the engine exited during " + method +
                            (status >= 0 ? " (exit status " + std::to_string(status) + ")"
                                         : " (killed by a signal)"),
                        quote(reply.text));
    }
    case Reply::Kind::line:
      break;
  }
  Json response;
  try {
    response = Json::parse(reply.text);
  } catch (const Json::parse_error&) {
    throw EngineBroke("a response to " + method + " that is not JSON", quote(reply.text));
  }
  if (const auto problem = response_schema().violation(response, "/$defs/response_" + method)) {
    throw EngineBroke("a response to " + method + " that breaks its schema: " + *problem,
                      quote(reply.text));
  }
  if (response.at("id") != Json(id)) {
    throw EngineBroke("a response with id " + response.at("id").dump() + " to request " +
                          std::to_string(id),
                      quote(reply.text));
  }
  return response;
}

const EngineInfo& Session::ensure_started() {
  if (info_ && process_) return *info_;
  process_ = std::make_unique<EngineProcess>(argv_);
  const Json hello = exchange("hello", {{"protocol", 1}}, timeout_);
  if (!hello.contains("result")) {
    throw EngineBroke("the engine did not accept protocol 1 in hello", quote(hello.dump()));
  }
  const Json& r = hello.at("result");
  EngineInfo info{r.at("name"), r.at("version"), r.at("language"), {}};
  for (const Json& c : r.at("capabilities")) info.capabilities.insert(c.get<std::string>());
  info_ = info;
  return *info_;
}

Response Session::call(const std::string& method, const Json& params) {
  ensure_started();
  const Json response = exchange(method, params, request_deadline(timeout_, method, params));
  if (response.contains("result")) return {Response::Kind::result, response.at("result")};
  if (response.contains("unsupported")) return {Response::Kind::unsupported, response.at("unsupported")};
  return {Response::Kind::error, response.at("error")};
}

void Session::discard() {
  if (!process_) return;
  process_->stop(std::chrono::milliseconds(0));
  last_stderr_ = process_->stderr_tail();
  process_.reset();
}

void Session::close() {
  if (!process_) return;
  try {
    exchange("shutdown", Json::object(), timeout_);
  } catch (const EngineBroke&) {
    // Shutting down is a courtesy; a broken engine is killed below all the same.
  }
  process_->stop(std::chrono::milliseconds(1000));
  last_stderr_ = process_->stderr_tail();
  process_.reset();
}

std::string Session::stderr_tail() const {
  return process_ ? process_->stderr_tail() : last_stderr_;
}

}  // namespace susurration::grader
