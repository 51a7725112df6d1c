// The protocol conversation (spec/PROTOCOL.md PROTO-2..8).
#include "susurration/grader/session.hpp"

#include <algorithm>
#include <cmath>

#include "susurration/protocol/engine_text.hpp"
#include "susurration/protocol/response_reader.hpp"
#include "susurration/protocol/schema_check.hpp"

namespace susurration::grader {
namespace {

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

double request_work(const std::string& method, const Json& params) {
  try {
    // The parameters alone, against their part of the request's schema: the
    // id and method are the kit's own, and wrapping would copy a whole state.
    if (protocol_schemas().violation(params, "/$defs/" + method + "/properties/params")) return 0;
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
  return birds * birds * ticks;
}

namespace {

// The blame table's row for each way a response line fails.
Found found_of(protocol::LineFault fault) {
  using protocol::LineFault;
  switch (fault) {
    case LineFault::over_a_bound: return Found::line_over_a_bound;
    case LineFault::malformed_number: return Found::malformed_number;
    case LineFault::not_json: return Found::line_not_json;
    case LineFault::method_without_response_schema: return Found::method_without_response_schema;
    case LineFault::result_of_the_wrong_shape: return Found::result_of_the_wrong_shape;
    case LineFault::error_of_the_wrong_shape: return Found::error_of_the_wrong_shape;
    case LineFault::unsupported_of_the_wrong_shape: return Found::unsupported_of_the_wrong_shape;
    case LineFault::top_level_of_the_wrong_shape: return Found::top_level_of_the_wrong_shape;
    case LineFault::request_id_not_read: return Found::request_id_not_read;
    case LineFault::wrong_id: return Found::wrong_id;
  }
  return Found::line_not_json;  // unreachable: every fault is listed above
}

}  // namespace

Json read_response(std::string_view line, const std::string& method, long long id) {
  try {
    return protocol::read_response(line, method, id);
  } catch (const protocol::BrokenLine& e) {
    // A result of a shape no right value has (a draw of 1e19, an empty
    // state, a missing key) says the method computed it wrong: it accuses
    // the answer. A wrong error, unsupported reason or top level is how the
    // engine talks.
    const Found found = found_of(e.fault());
    throw EngineBroke(e.what(), e.offending(), clause_of(found), method,
                      found == Found::result_of_the_wrong_shape ? Accuses::answer : Accuses::rule, e.location());
  }
}

namespace {
std::chrono::milliseconds deadline_of(std::chrono::milliseconds base, double work) {
  return std::chrono::milliseconds(std::llround(static_cast<double>(base.count()) * (1 + work / kWorkPerBase)));
}
}  // namespace

std::chrono::milliseconds request_deadline(std::chrono::milliseconds base, const std::string& method,
                                           const Json& params) {
  return deadline_of(base, request_work(method, params));
}

Session::Session(std::vector<std::string> argv, std::chrono::milliseconds timeout)
    : argv_(std::move(argv)), timeout_(timeout) {}

Session::~Session() { discard(); }

Json Session::exchange(const std::string& method, const Json& params, std::chrono::milliseconds deadline,
                       std::optional<long long> given_id) {
  const long long id = given_id ? *given_id : next_id_++;
  const std::string line = Json{{"id", id}, {"method", method}, {"params", params}}.dump();
  record("> ", line);
  if (method != "hello" && method != "shutdown") {
    if (first_request_.empty()) first_request_ = line;
    last_request_ = line;
  }
  const Reply reply = process_->exchange(line, deadline);
  if (reply.kind == Reply::Kind::line) record("< ", reply.text);
  switch (reply.kind) {
    case Reply::Kind::timeout:
      throw EngineBroke("no response to " + method + " within " + seconds(deadline) +
                            " (PROTO-3's deadline: --timeout " + seconds(timeout_) +
                            " scaled by the work asked; a slower engine needs a larger --timeout)",
                        protocol::quote(reply.text), clause_of(Found::no_answer_in_time), method);
    case Reply::Kind::overlong:
      throw EngineBroke("a response line to " + method + " over the bound of " +
                            std::to_string(protocol::kResponseBounds.max_bytes) + " bytes",
                        protocol::quote(reply.text), clause_of(Found::line_over_a_bound), method);
    case Reply::Kind::exited: {
      // "exited (exit status 3)", "died (killed by signal 11 (SIGSEGV))",
      // or "closed its stdout (while still running)": the stop below
      // kills a running engine, but what it did first is already noted.
      process_->stop(std::chrono::milliseconds(200));
      const EngineProcess::Ending end = process_->ending();
      // A crash or a failing status is a method that went wrong computing
      // its answer: it accuses the answer. Exiting with status 0 is a choice
      // PROTO-9's rule 7 governs (exit when stdin closes or after
      // shutdown), and a closed stdout leaves the request unanswered (PROTO-2).
      const bool exited_cleanly = !end.crashed && end.verb == "exited";
      throw EngineBroke("the engine " + end.verb + " during " + method + " (" + end.detail + ")",
                        protocol::quote(reply.text), exited_cleanly ? clause_of(Found::exit_with_status_0) : clause_of(Found::death_or_closed_stdout), method,
                        end.crashed ? Accuses::answer : Accuses::rule);
    }
    case Reply::Kind::line:
      break;
  }
  return read_response(reply.text, method, id);
}

const EngineInfo& Session::ensure_started() {
  if (info_ && process_) return *info_;
  try {
    process_ = std::make_unique<EngineProcess>(argv_);
  } catch (const EngineStartError& e) {
    // It started once (grade checks the command first), so the program
    // went away or changed while grading: the engine's trouble, not a
    // usage error, and this case's alone.
    throw EngineBroke(std::string("the engine could not be restarted: ") + protocol::quote(e.what()), "",
                      clause_of(Found::failed_handshake), "hello");
  }
  const Json hello = exchange("hello", {{"protocol", 1}}, timeout_);
  if (!hello.contains("result")) {
    throw EngineBroke("the engine did not accept protocol 1 in hello", protocol::quote(hello.dump()),
                      clause_of(Found::failed_handshake), "hello");
  }
  const Json& r = hello.at("result");
  // Reported once, in every report form: capped like any engine text.
  EngineInfo info{protocol::quote(r.at("name").get<std::string>()), protocol::quote(r.at("version").get<std::string>()),
                  protocol::quote(r.at("language").get<std::string>()), {}};
  for (const Json& c : r.at("capabilities")) info.capabilities.insert(c.get<std::string>());
  info_ = info;
  return *info_;
}

Response Session::call(const std::string& method, const Json& params, std::optional<long long> id) {
  ensure_started();
  last_work_ = request_work(method, params);
  const Json response = exchange(method, params, deadline_of(timeout_, last_work_), id);
  if (response.contains("result")) {
    largest_answered_work_ = std::max(largest_answered_work_, last_work_);
    answered_any_ = true;
    return {Response::Kind::result, response.at("result")};
  }
  if (response.contains("unsupported")) return {Response::Kind::unsupported, response.at("unsupported")};
  return {Response::Kind::error, response.at("error")};
}

void Session::discard() {
  if (!process_) return;
  process_->stop(std::chrono::milliseconds(0));
  keep_stderr();
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
  keep_stderr();
  process_.reset();
}

void Session::keep_stderr() {
  std::string tail = protocol::stderr_quote(process_->stderr_tail());
  if (tail.empty()) {
    last_stderr_.reset();
  } else if (!last_stderr_ || *last_stderr_ != tail) {
    last_stderr_ = std::make_shared<const std::string>(std::move(tail));
  }
}

std::shared_ptr<const std::string> Session::stderr_tail() {
  if (process_) keep_stderr();
  return last_stderr_;
}

void Session::record_to(std::vector<std::string>* transcript, std::size_t budget) {
  transcript_ = transcript;
  transcript_budget_ = budget;
}

void Session::record(const char* arrow, const std::string& line) {
  if (!transcript_) return;
  const std::size_t size = std::min(line.size(), kTranscriptLineBytes);
  if (transcript_full_ || transcript_bytes_ + size > transcript_budget_) {
    if (!transcript_full_) {
      transcript_->push_back("# the transcript stops here: over its bound of " +
                             std::to_string(transcript_budget_) + " bytes");
    }
    transcript_full_ = true;
    return;
  }
  transcript_bytes_ += size;
  std::string kept = arrow + line.substr(0, size);
  if (size < line.size()) kept += " ... (" + std::to_string(line.size()) + " bytes)";
  transcript_->push_back(std::move(kept));
}

}  // namespace susurration::grader
