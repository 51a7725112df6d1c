// A conversation with one engine under test (spec/PROTOCOL.md): the
// handshake, one request at a time with a deadline, every response checked
// against its schema before anyone looks at it, and a restart after the
// engine broke.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "susurration/grader/compare.hpp"
#include "susurration/grader/engine_process.hpp"

namespace susurration::grader {

// The engine broke the protocol: no answer in time, an exit, a line that
// is not JSON, the wrong id, a schema violation. The case is *errored*.
class EngineBroke : public std::runtime_error {
 public:
  EngineBroke(const std::string& cause, std::string offending, bool missed_deadline = false)
      : std::runtime_error(cause), offending_(std::move(offending)), missed_deadline_(missed_deadline) {}
  const std::string& offending() const { return offending_; }
  bool missed_deadline() const { return missed_deadline_; }  // no answer in time, nothing else wrong

 private:
  std::string offending_;
  bool missed_deadline_;
};

struct EngineInfo {
  std::string name, version, language;
  std::set<std::string> capabilities;
};

// A valid response, by kind (PROTO-4).
struct Response {
  enum class Kind { result, unsupported, error } kind;
  Json body;  // the result object, the unsupported text, or the error object
};

// The deadline of one request (PROTO-3; PROTOCOL.md, "Deadlines"): the base
// (`grade --timeout`) scaled by the work the request asks, so that a slow
// but correct engine is not reported as a broken one. A request that breaks
// schemas/protocol/request.schema.json, as every invalid.json request does,
// gets the base: an engine must refuse it before it works.
std::chrono::milliseconds request_deadline(std::chrono::milliseconds base, const std::string& method,
                                           const Json& params);

class Session {
 public:
  Session(std::vector<std::string> argv, std::chrono::milliseconds timeout);
  ~Session();

  // Starts the engine if it is not running and shakes hands (PROTO-8).
  // Throws EngineBroke when the handshake fails.
  const EngineInfo& ensure_started();

  // One request and its checked response, within request_deadline().
  // Throws EngineBroke.
  Response call(const std::string& method, const Json& params);

  // After EngineBroke: kill the engine (and its children); the next call
  // starts a fresh one.
  void discard();

  // Asks the engine to shut down, then stops it.
  void close();

  std::string stderr_tail() const;

  // Every line sent and received, when asked for (grade --transcript).
  void record_to(std::vector<std::string>* transcript) { transcript_ = transcript; }

 private:
  Json exchange(const std::string& method, const Json& params, std::chrono::milliseconds deadline);

  std::vector<std::string> argv_;
  std::chrono::milliseconds timeout_;  // the base of every deadline
  std::unique_ptr<EngineProcess> process_;
  std::optional<EngineInfo> info_;
  std::string last_stderr_;
  long long next_id_ = 0;
  std::vector<std::string>* transcript_ = nullptr;
};

}  // namespace susurration::grader
