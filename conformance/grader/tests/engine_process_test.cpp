// The engine subprocess: deadlines, exits, and no process left behind.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>

#include "susurration/grader/engine_process.hpp"

namespace susurration::grader {
namespace {

using std::chrono::milliseconds;

TEST(EngineProcess, EchoesALinePerRequest) {
  EngineProcess cat({"cat"});
  const Reply r = cat.exchange("{\"id\":0}", milliseconds(5000));
  EXPECT_EQ(r.kind, Reply::Kind::line);
  EXPECT_EQ(r.text, "{\"id\":0}");
}

TEST(EngineProcess, SilenceIsATimeoutAtTheDeadline) {
  EngineProcess silent({"sleep", "60"});
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(silent.exchange("x", milliseconds(300)).kind, Reply::Kind::timeout);
  EXPECT_LT(std::chrono::steady_clock::now() - start, milliseconds(5000));
}

TEST(EngineProcess, AnExitIsReportedWithItsStatusAndStderr) {
  EngineProcess quitter({"sh", "-c", "echo dying >&2; exit 7"});
  EXPECT_EQ(quitter.exchange("x", milliseconds(5000)).kind, Reply::Kind::exited);
  quitter.stop(milliseconds(1000));
  EXPECT_EQ(quitter.exit_status(), 7);
  EXPECT_EQ(quitter.stderr_tail(), "dying\n");
}

TEST(EngineProcess, StoppingKillsTheEngineAndEveryProcessItStarted) {
  // The shell starts a child and a grandchild; all share the engine's group.
  // An unusual duration marks these sleeps as this test's own.
  EngineProcess tree({"sh", "-c", "sleep 7331 & sleep 7331 & echo started; wait"});
  ASSERT_EQ(tree.exchange("go", milliseconds(5000)).text, "started");
  tree.stop(milliseconds(100));
  // Once the group is gone, signalling it fails with ESRCH. The group id is
  // not public, so look for any process left with our marker.
  EXPECT_NE(std::system("pgrep -f '^sleep 7331$' >/dev/null"), 0);
}

TEST(SplitCommand, SplitsLikeAShellWithoutExpanding) {
  EXPECT_EQ(split_command("node  adapters/node/engine.js"),
            (std::vector<std::string>{"node", "adapters/node/engine.js"}));
  EXPECT_EQ(split_command("'/opt/my engine/run' --flag \"a b\" c\\ d $HOME"),
            (std::vector<std::string>{"/opt/my engine/run", "--flag", "a b", "c d", "$HOME"}));
  EXPECT_THROW(split_command("'unterminated"), EngineStartError);
}

TEST(ResolveProgram, AMissingCommandIsAStartError) {
  EXPECT_THROW(resolve_program({"no-such-program-anywhere"}), EngineStartError);
  EXPECT_THROW(resolve_program({"/nonexistent/engine"}), EngineStartError);
  EXPECT_NO_THROW(resolve_program({"sh"}));
}

}  // namespace
}  // namespace susurration::grader
