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
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "susurration/grader/blame.hpp"
#include "susurration/grader/engine_process.hpp"

namespace susurration::grader {

using Json = nlohmann::json;

// The engine broke the protocol: no answer in time, an exit, a line that
// is not JSON, the wrong id, a schema violation. The case is *errored*,
// reported under the rule the engine broke (spec/PROTOCOL.md, PROTO-3, and
// grading.md's list; the wire rows of blame.hpp):
//   PROTO-3  no answer within the deadline;
//   PROTO-2  a death, a failing exit status or a closed stdout before the answer;
//   PROTO-9  an exit with status 0 before stdin closed or shutdown (rule 7), a failed handshake;
//   PROTO-1  a line that is not JSON;
//   PROTO-10 a line past a bound, or an object naming a member twice;
//   PROTO-4  the wrong id, or a top level of the wrong shape;
//   PROTO-5  an unsupported answer of the wrong shape;
//   PROTO-6  an error of the wrong shape;
//   PROTO-7  a result of the wrong shape.
// Most of these accuse that rule. Two accuse the answer instead: a result
// no right value could have the shape of (a prng draw of 1e19, an empty
// state) and an engine that died computing it say that what the method
// computes went wrong, not how the engine talks, so the diagnosis weighs
// them against the rules the case checks.
enum class Accuses { rule, answer };

class EngineBroke : public std::runtime_error {
 public:
  EngineBroke(const std::string& cause, std::string offending, std::string clause, std::string method,
              Accuses accuses = Accuses::rule, std::string location = "")
      : std::runtime_error(cause),
        offending_(std::move(offending)),
        clause_(std::move(clause)),
        method_(std::move(method)),
        location_(std::move(location)),
        accuses_(accuses) {}
  const std::string& offending() const { return offending_; }
  const std::string& clause() const { return clause_; }
  const std::string& method() const { return method_; }  // the request the engine broke on
  Accuses accuses() const { return accuses_; }
  // A schema violation's place in the response ("/result/next/0"); else empty.
  const std::string& location() const { return location_; }
  bool missed_deadline() const { return clause_ == clause_of(Found::no_answer_in_time); }  // no answer in time, nothing else wrong

 private:
  std::string offending_, clause_, method_, location_;
  Accuses accuses_;
};

// The response to request `id` of `method`, as the protocol reads it
// (protocol/.../response_reader.hpp: bounded parsing, the method's schema,
// the id). Throws EngineBroke under the rule the line breaks (the wire rows
// of blame.hpp), with the line quoted, for anything else; never any other
// exception for any line. A free function so that the fuzzer reads
// responses exactly as grade does.
Json read_response(std::string_view line, const std::string& method, long long id);

// The transcript's bounds (grading.md "Bounds", PROTO-10): a line longer
// than a legitimate response is cut, and the whole run keeps at most
// kTranscriptBytes of lines, shared out among its engine processes.
inline constexpr std::size_t kTranscriptLineBytes = 1u << 20;
inline constexpr std::size_t kTranscriptBytes = 64u << 20;

struct EngineInfo {
  std::string name, version, language;
  std::set<std::string> capabilities;
};

// A valid response, by kind (PROTO-4).
struct Response {
  enum class Kind { result, unsupported, error } kind;
  Json body;  // the result object, the unsupported text, or the error object
};

// The deadline of one request (PROTO-3; grading.md, "Deadlines"): the base
// (`grade --timeout`) scaled by the work the request asks, so that a slow
// but correct engine is not reported as a broken one. A request that breaks
// its method's schema (schemas/protocol/), as every invalid.json request does,
// gets the base: an engine must refuse it before it works.
std::chrono::milliseconds request_deadline(std::chrono::milliseconds base, const std::string& method,
                                           const Json& params);

// The work a request asks, as deadlines scale by it (grading.md,
// Deadlines): n * n * t bird-pair ticks; 0 for a request that breaks its
// schema, which an engine refuses before any work.
double request_work(const std::string& method, const Json& params);

class Session {
 public:
  Session(std::vector<std::string> argv, std::chrono::milliseconds timeout);
  ~Session();

  // Starts the engine if it is not running and shakes hands (PROTO-8).
  // Throws EngineBroke when the handshake fails.
  const EngineInfo& ensure_started();

  // One request and its checked response, within request_deadline().
  // The request carries `id` where a case gives one (a vector's
  // request_id, PROTO-6's range), else the session's next number; the
  // answer must echo it either way (PROTO-4). Throws EngineBroke.
  Response call(const std::string& method, const Json& params, std::optional<long long> id = std::nullopt);

  // After EngineBroke: kill the engine (and its children); the next call
  // starts a fresh one.
  void discard();

  // Asks the engine to shut down, then stops it.
  void close();

  // The engine's last stderr lines (engine_text.hpp stderr_quote), of the
  // running process or else the last one; null when it wrote none. One
  // engine process's tail is one string, shared by every case that quotes it.
  std::shared_ptr<const std::string> stderr_tail();

  // The most work (request_work) of any request this session's engines
  // answered with a result in time, and the work of the last request asked:
  // a missed deadline on a request of no more work than one answered is
  // not slowness (the diagnosis's "stuck on its input").
  double largest_answered_work() const { return largest_answered_work_; }
  bool answered_any() const { return answered_any_; }
  double last_work() const { return last_work_; }

  // The requests of the case being graded (begin_case starts one): its
  // first, the case's own request, and its last, the one a broken or
  // refused answer came back to; "" before any.
  void begin_case() { first_request_.clear(), last_request_.clear(); }
  const std::string& first_request() const { return first_request_; }
  const std::string& last_request() const { return last_request_; }

  // Every line sent and received, when asked for (grade --transcript):
  // each line within kTranscriptLineBytes, and the lines within `budget`
  // bytes in all; past it one line says the transcript stops there.
  void record_to(std::vector<std::string>* transcript, std::size_t budget = kTranscriptBytes);

 private:
  Json exchange(const std::string& method, const Json& params, std::chrono::milliseconds deadline,
               std::optional<long long> given_id = std::nullopt);
  void keep_stderr();
  void record(const char* arrow, const std::string& line);

  std::vector<std::string> argv_;
  std::chrono::milliseconds timeout_;  // the base of every deadline
  std::unique_ptr<EngineProcess> process_;
  std::optional<EngineInfo> info_;
  std::shared_ptr<const std::string> last_stderr_;
  long long next_id_ = 0;
  double largest_answered_work_ = 0;
  bool answered_any_ = false;
  double last_work_ = 0;
  std::string first_request_, last_request_;
  std::vector<std::string>* transcript_ = nullptr;
  std::size_t transcript_budget_ = 0;
  std::size_t transcript_bytes_ = 0;
  bool transcript_full_ = false;
};

}  // namespace susurration::grader
