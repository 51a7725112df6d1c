// The engine subprocess: deadlines, exits, and no process left behind.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <iterator>
#include <set>
#include <sstream>
#include <thread>

#include "susurration/grader/engine_process.hpp"
#include "susurration/grader/sandbox.hpp"

namespace susurration::grader {
namespace {

using std::chrono::milliseconds;

// The deadline for what an engine here certainly answers: generous, so that
// a loaded machine never turns an answer into a timeout (issue 25). Tests of
// a deadline use an engine that certainly misses it.
constexpr milliseconds kGenerous{60000};

// A marker of this test's own in the environment, independent of the kit's
// token: engines inherit it from this process, and so do their descendants
// whatever session or group they move to.
std::string mark_environment() {
  static int serial = 0;
  const std::string mark = std::to_string(::getpid()) + "-" + std::to_string(++serial);
  ::setenv("ENGINE_PROCESS_TEST_MARK", mark.c_str(), 1);
  // An engine gets a minimal environment: the mark is passed on by name.
  set_engine_launch({false, {"ENGINE_PROCESS_TEST_MARK"}, {}});
  return "ENGINE_PROCESS_TEST_MARK=" + mark;
}

// Every live (not zombie) process whose environment holds `entry`.
std::vector<pid_t> marked_processes(const std::string& entry) {
  std::vector<pid_t> found;
  for (const auto& dir : std::filesystem::directory_iterator("/proc")) {
    const std::string name = dir.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream environ(dir.path() / "environ", std::ios::binary);
    std::ifstream stat(dir.path() / "stat");
    const std::string env((std::istreambuf_iterator<char>(environ)), std::istreambuf_iterator<char>());
    std::string line;
    std::getline(stat, line);
    const auto close = line.rfind(')');
    if (close == std::string::npos || line.size() < close + 3 || line[close + 2] == 'Z') continue;
    std::istringstream entries(env);
    for (std::string e; std::getline(entries, e, '\0');) {
      if (e == entry) found.push_back(std::stoi(name));
    }
  }
  return found;
}

// The marked processes still alive after up to 10 s: a killed process may
// take a moment to vanish, one never killed is still there after any wait.
std::vector<pid_t> left_after_waiting(const std::string& entry) {
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  for (;;) {
    std::vector<pid_t> left = marked_processes(entry);
    if (left.empty() || std::chrono::steady_clock::now() > give_up) return left;
    std::this_thread::sleep_for(milliseconds(20));
  }
}

// Kills what a failed test left behind, so that one failure is not many.
void kill_all(const std::vector<pid_t>& pids) {
  for (pid_t pid : pids) ::kill(pid, SIGKILL);
}

TEST(EngineProcess, EchoesALinePerRequest) {
  EngineProcess cat({"cat"});
  const Reply r = cat.exchange("{\"id\":0}", kGenerous);
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
  EXPECT_EQ(quitter.exchange("x", kGenerous).kind, Reply::Kind::exited);
  quitter.stop(milliseconds(1000));
  EXPECT_EQ(quitter.exit_status(), 7);
  EXPECT_EQ(quitter.ending().verb, "exited");
  EXPECT_EQ(quitter.ending().detail, "exit status 7");
  EXPECT_EQ(quitter.stderr_tail(), "dying\n");
}

TEST(EngineProcess, ACrashNamesItsSignal) {
  // Issue 11, defect 12: not "killed by a signal" but which one.
  EngineProcess crasher({"sh", "-c", "kill -SEGV $$"});
  EXPECT_EQ(crasher.exchange("x", kGenerous).kind, Reply::Kind::exited);
  crasher.stop(milliseconds(1000));
  EXPECT_EQ(crasher.exit_status(), -1);
  EXPECT_EQ(crasher.ending().verb, "died");
  EXPECT_EQ(crasher.ending().detail, "killed by signal 11 (SIGSEGV)");
}

TEST(EngineProcess, ClosingStdoutWhileRunningIsNotAnExit) {
  // Issue 11, defect 12: the engine runs on; stop() then kills it, which
  // is the kit's doing and must not be reported as the engine's ending.
  EngineProcess closer({"sh", "-c", "exec >&-; sleep 7332"});
  EXPECT_EQ(closer.exchange("x", kGenerous).kind, Reply::Kind::exited);
  closer.stop(milliseconds(100));
  EXPECT_EQ(closer.ending().verb, "closed its stdout");
  EXPECT_EQ(closer.ending().detail, "while still running");
}

TEST(EngineProcess, ClosingStdinWhileRunningIsNotAnExitNorATimeout) {
  // "ok" comes after the shell closed its stdin, so the second request
  // certainly finds no reader, however fast or slow the machine.
  EngineProcess closer({"sh", "-c", "read x; exec <&-; echo ok; sleep 7334"});
  ASSERT_EQ(closer.exchange("a", kGenerous).text, "ok");
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(closer.exchange("b", kGenerous).kind, Reply::Kind::exited);
  // Not a wait for the deadline: the kit sees the closed pipe at once.
  EXPECT_LT(std::chrono::steady_clock::now() - start, kGenerous / 2);
  closer.stop(milliseconds(100));
  EXPECT_EQ(closer.ending().verb, "closed its stdin");
  EXPECT_EQ(closer.ending().detail, "while still running");
}

TEST(EngineProcess, AnEngineStillRunningAtTheEndOfItsGraceWasStoppedByTheKit) {
  EngineProcess sleeper({"sleep", "7333"});
  sleeper.stop(milliseconds(50));
  EXPECT_EQ(sleeper.ending().verb, "was stopped");
  EXPECT_EQ(sleeper.exit_status(), -1);
}

TEST(EngineProcess, AnEngineGetsTheDefaultSigpipeAndItsOwnToken) {
  // The kit ignores SIGPIPE for itself; an engine must not inherit that.
  // Bit 13 of SigIgn is SIGPIPE (signal 13).
  EngineProcess probe({"sh", "-c",
                       "read x; echo $(grep SigIgn /proc/$$/status | cut -f2) $SUSURRATION_ENGINE_TOKEN"});
  const Reply r = probe.exchange("go", kGenerous);
  ASSERT_EQ(r.kind, Reply::Kind::line);
  std::istringstream words(r.text);
  std::string ignored, token;
  words >> ignored >> token;
  EXPECT_EQ(std::stoull(ignored, nullptr, 16) & (1ull << (SIGPIPE - 1)), 0u) << r.text;
  EXPECT_EQ(token.rfind(std::to_string(::getpid()) + "-", 0), 0u) << "token " << token;
}

TEST(EngineProcess, AnEngineHasASessionOfItsOwnAndOnlyItsThreeDescriptors) {
  // A descriptor the kit holds without close-on-exec, as one inherited from
  // a careless caller is: the engine must not have it (issue 24).
  const int leaked = ::open("/dev/null", O_RDONLY);
  ASSERT_GT(leaked, 2);
  EngineProcess probe({"/usr/bin/python3", "-c",
                       "import os; input(); print(os.getsid(0) == os.getpid(), os.getpgid(0) == os.getpid(), "
                       "[fd for fd in range(3, 64) if os.path.exists('/proc/self/fd/%d' % fd)])"});
  const Reply r = probe.exchange("go", kGenerous);
  ::close(leaked);
  ASSERT_EQ(r.kind, Reply::Kind::line);
  EXPECT_EQ(r.text, "True True []");
}

TEST(EngineProcess, AnEngineGetsPathHomeLangTmpdirItsTokenAndWhatIsPassedOnAlone) {
  // What exec gave the engine, read from /proc before any shell adds to it.
  ::setenv("ENGINE_PROCESS_TEST_SECRET", "s3cr3t", 1);
  ::setenv("ENGINE_PROCESS_TEST_PASSED", "yes", 1);
  set_engine_launch({false, {"ENGINE_PROCESS_TEST_PASSED"}, {}});
  EngineProcess probe({"sh", "-c", "read x; tr '\\0' '\\n' < /proc/$$/environ | cut -d= -f1 | sort | tr '\\n' ' '; echo"});
  const Reply r = probe.exchange("go", kGenerous);
  set_engine_launch({});
  ::unsetenv("ENGINE_PROCESS_TEST_SECRET");
  ::unsetenv("ENGINE_PROCESS_TEST_PASSED");
  ASSERT_EQ(r.kind, Reply::Kind::line);
  std::set<std::string> names;
  std::istringstream words(r.text);
  for (std::string w; words >> w;) names.insert(w);
  const std::set<std::string> allowed = {"PATH", "HOME", "LANG", "TMPDIR", "SUSURRATION_ENGINE_TOKEN",
                                         "ENGINE_PROCESS_TEST_PASSED"};
  for (const std::string& name : names) EXPECT_TRUE(allowed.contains(name)) << name << " reached the engine";
  EXPECT_TRUE(names.contains("ENGINE_PROCESS_TEST_PASSED")) << r.text;
  EXPECT_TRUE(names.contains("SUSURRATION_ENGINE_TOKEN")) << r.text;
  EXPECT_TRUE(names.contains("PATH")) << r.text;
}

TEST(EngineProcess, ASandboxedEngineSeesNeitherTheKitNorItsFiles) {
  if (const std::string why = sandbox_unavailable(); !why.empty()) GTEST_SKIP() << why;
  set_engine_launch({true, {}, {}});
  // Its own PID namespace (bwrap is 1 there), no /work, no network but
  // loopback, its scratch folder as working directory, HOME and TMPDIR.
  EngineProcess probe({"sh", "-c",
                       "read x; echo $$ $(pwd) $HOME $TMPDIR $(test -e /work && echo work) "
                       "$(readlink /proc/1/exe) $(tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' ' | tr '\\n' ' ')"});
  const Reply r = probe.exchange("go", kGenerous);
  set_engine_launch({});
  ASSERT_EQ(r.kind, Reply::Kind::line);
  std::istringstream words(r.text);
  long pid = 0;
  std::string cwd, home, tmpdir, rest;
  words >> pid >> cwd >> home >> tmpdir;
  std::getline(words, rest);
  EXPECT_LE(pid, 3) << r.text;
  EXPECT_EQ(cwd, "/tmp");
  EXPECT_EQ(home, "/tmp");
  EXPECT_EQ(tmpdir, "/tmp");
  EXPECT_EQ(rest.find("work"), std::string::npos) << r.text;
  EXPECT_EQ(rest.find("susurration"), std::string::npos) << r.text;
  // The interfaces in its network namespace: loopback alone.
  EXPECT_NE(rest.find(" lo"), std::string::npos) << r.text;
  EXPECT_EQ(rest.find("eth"), std::string::npos) << r.text;
  EXPECT_EQ(rest.find("ifb"), std::string::npos) << r.text;
}

// The kit's own browser bridge, named, brings adapters/node (its default
// page runs those files) and no other folder of adapters/: its plain usage
// grades in the sandbox, and the published answers of the lookup table
// stay out of reach (adapters/browser/README.md).
TEST(EngineProcess, TheKitsBrowserBridgeSeesTheNodeEngineBesideItAndNoOtherAdapter) {
  if (const std::string why = sandbox_unavailable(); !why.empty()) GTEST_SKIP() << why;
  const std::string adapters = SUSURRATION_ADAPTERS_DIR;
  set_engine_launch({true, {}, {}});
  set_kit_adapters(adapters);
  // The folder is in the script's text, not a word of its own: a word that
  // names a folder is bound whole.
  EngineProcess probe({"sh", "-c",
                       "read x; cd /; for f in browser/bridge.js node/engine.js doubles/lookup_table python; do "
                       "test -e \"" + adapters + "/$f\" && printf '%s,' \"$f\"; done; echo",
                       "sh", adapters + "/browser/bridge.js"});
  const Reply r = probe.exchange("go", kGenerous);
  set_engine_launch({});
  set_kit_adapters({});
  ASSERT_EQ(r.kind, Reply::Kind::line);
  EXPECT_EQ(r.text, "browser/bridge.js,node/engine.js,");
}

TEST(EngineProcess, ASandboxedCrashStillNamesItsSignal) {
  if (const std::string why = sandbox_unavailable(); !why.empty()) GTEST_SKIP() << why;
  set_engine_launch({true, {}, {}});
  EngineProcess crasher({"sh", "-c", "kill -SEGV $$"});
  set_engine_launch({});
  const Reply r = crasher.exchange("go", kGenerous);
  EXPECT_EQ(r.kind, Reply::Kind::exited);
  crasher.stop(milliseconds(200));
  const EngineProcess::Ending end = crasher.ending();
  EXPECT_EQ(end.verb, "died");
  EXPECT_EQ(end.detail, "killed by signal 11 (SIGSEGV)");
  EXPECT_TRUE(end.crashed);
}

TEST(EngineProcess, StoppingKillsTheEngineAndEveryProcessItStarted) {
  // The shell starts a child and a grandchild; all share the engine's group.
  // An unusual duration marks these sleeps as this test's own.
  const std::string mark = mark_environment();
  EngineProcess tree({"sh", "-c", "sleep 7331 & sleep 7331 & echo started; wait"});
  ASSERT_EQ(tree.exchange("go", kGenerous).text, "started");
  tree.stop(milliseconds(100));
  const std::vector<pid_t> left = left_after_waiting(mark);
  kill_all(left);
  EXPECT_EQ(left, std::vector<pid_t>{});
}

TEST(EngineProcess, StopIsBoundedForAnEngineInTheKitsGroupThatIgnoresTerm) {
  // Issue 11, defect 1: a group kill aimed at the engine's own group finds
  // nobody, and the old reap had no deadline. Since issue 24 the engine has
  // a session of its own and cannot join the kit's group (EPERM): it stays
  // in its own, ignoring SIGTERM, and must end all the same.
  const std::string mark = mark_environment();
  EngineProcess engine({"/usr/bin/python3", "-c",
                        "import os, signal, time\n"
                        "try:\n"
                        "    os.setpgid(0, os.getpgid(os.getppid()))\n"
                        "except PermissionError:\n"
                        "    pass\n"
                        "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                        "print('ready', flush=True)\n"
                        "time.sleep(3600)\n"});
  ASSERT_EQ(engine.exchange("go", kGenerous).text, "ready");
  auto stopped = std::async(std::launch::async, [&] { engine.stop(milliseconds(100)); });
  const bool in_time = stopped.wait_for(std::chrono::seconds(10)) == std::future_status::ready;
  if (!in_time) kill_all(marked_processes(mark));  // unblocks the stop, so that the test ends
  stopped.get();
  EXPECT_TRUE(in_time) << "stop() still waiting after 10 s";
  EXPECT_EQ(left_after_waiting(mark), std::vector<pid_t>{});
}

TEST(EngineProcess, StopKillsGrandchildrenThatLeftTheEnginesGroupAndSession) {
  // Issue 11, defect 2: setsid, a new session, and a daemon by double fork
  // that also drops the kit's token (only the subreaper finds that one).
  const std::string mark = mark_environment();
  EngineProcess engine({"/usr/bin/python3", "-c",
                        "import os, subprocess, sys\n"
                        "quiet = dict(stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)\n"
                        "subprocess.Popen(['setsid', 'sleep', '3600'], **quiet)\n"
                        "subprocess.Popen(['sleep', '3600'], start_new_session=True, **quiet)\n"
                        "if os.fork() == 0:\n"
                        "    os.setsid()\n"
                        "    if os.fork() == 0:\n"
                        "        env = {k: v for k, v in os.environ.items() if k != 'SUSURRATION_ENGINE_TOKEN'}\n"
                        "        os.execvpe('sleep', ['sleep', '3600'], env)\n"
                        "    os._exit(0)\n"
                        "os.wait()\n"
                        "print('ready', flush=True)\n"
                        "sys.stdin.read()\n"});
  ASSERT_EQ(engine.exchange("go", kGenerous).text, "ready");
  // The engine, setsid's sleep, the new session's sleep and the daemon.
  const std::vector<pid_t> before = marked_processes(mark);
  EXPECT_EQ(before.size(), 4u);
  engine.stop(milliseconds(100));
  const std::vector<pid_t> left = left_after_waiting(mark);
  kill_all(left);
  EXPECT_EQ(left, std::vector<pid_t>{});
}

TEST(EngineProcess, EnginesStartedAtOnceHoldNoPipeEndOfAnother) {
  // Issue 11, defect 4: a sibling started while another engine's pipes
  // existed without close-on-exec kept them open, so a crash there looked
  // like a hang. Each engine lists its pipe descriptors; beyond 0, 1 and 2
  // it may hold only what this test process itself passes on to children.
  std::set<std::string> inherited;
  for (const auto& fd : std::filesystem::directory_iterator("/proc/self/fd")) {
    const int n = std::stoi(fd.path().filename());
    const int flags = ::fcntl(n, F_GETFD);
    if (n > 2 && flags >= 0 && !(flags & FD_CLOEXEC)) inherited.insert(std::to_string(n));
  }
  std::atomic<int> leaks{0}, answers{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&] {
      for (int k = 0; k < 6; ++k) {
        EngineProcess engine({"sh", "-c", "read x; find /proc/$$/fd -lname 'pipe:*' -printf '%f '; echo"});
        const Reply r = engine.exchange("go", kGenerous);
        if (r.kind != Reply::Kind::line) continue;
        ++answers;
        std::istringstream fds(r.text);
        for (std::string fd; fds >> fd;) {
          if (fd != "0" && fd != "1" && fd != "2" && !inherited.contains(fd)) ++leaks;
        }
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(answers.load(), 48);
  EXPECT_EQ(leaks.load(), 0);
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
