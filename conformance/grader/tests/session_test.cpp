// The session's own bounds: the transcript (grading.md PROTO-10).
#include <gtest/gtest.h>

#include "susurration/grader/session.hpp"

namespace susurration::grader {
namespace {

TEST(Session, TheTranscriptStopsAtItsBound) {
  // `cat` echoes each request, which is no valid response: every handshake
  // fails after one line each way.
  Session session({"cat"}, std::chrono::milliseconds(60000));  // generous: cat answers at once
  std::vector<std::string> transcript;
  const std::string hello = R"({"id":0,"method":"hello","params":{"protocol":1}})";  // 50 bytes
  session.record_to(&transcript, 60);
  for (int attempt = 0; attempt < 2; ++attempt) {
    EXPECT_THROW(session.ensure_started(), EngineBroke);
    session.discard();
  }
  const std::vector<std::string> expected = {"> " + hello,
                                             "# the transcript stops here: over its bound of 60 bytes"};
  EXPECT_EQ(transcript, expected);
}

}  // namespace
}  // namespace susurration::grader
