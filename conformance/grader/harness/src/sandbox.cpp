// The bubblewrap command line of sandbox.hpp, and the probe that says
// whether bwrap runs here at all.
#include "susurration/grader/sandbox.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/process/search_path.hpp>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <thread>

namespace susurration::grader {
namespace {

namespace fs = std::filesystem;

EngineLaunch launch_settings;

// The namespaces and session every sandboxed engine gets; the probe runs
// with the very same, so that "works" means works for an engine.
const std::vector<std::string> kIsolation = {"--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
                                             "--unshare-cgroup-try", "--die-with-parent", "--new-session"};

// Where the system lives: read-only inside. Debian's /bin, /lib and the
// like are symbolic links into /usr, and stay links.
const char* const kSystem[] = {"/usr", "/etc", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"};

std::string bwrap_path() {
  const boost::filesystem::path found = boost::process::search_path("bwrap");
  return found.empty() ? std::string() : found.string();
}

bool under(const fs::path& path, const fs::path& dir) {
  const auto rel = path.lexically_relative(dir);
  return !rel.empty() && *rel.begin() != "..";
}

bool in_system(const fs::path& path) {
  for (const char* dir : kSystem) {
    if (path == dir || under(path, dir)) return true;
  }
  return false;
}

// The folders of the engine's command, bound read-only: a script imports
// its siblings, and a program in a .../bin or .../shims folder (a
// virtualenv, pyenv) needs the installation around it.
class Binds {
 public:
  void add_command_file(const fs::path& given, bool is_program) {
    std::error_code ec;
    for (const fs::path& p : {fs::absolute(given, ec).lexically_normal(), fs::canonical(given, ec)}) {
      if (p.empty() || in_system(p)) continue;
      if (fs::is_directory(p, ec)) {
        add(p);
        continue;
      }
      fs::path dir = p.parent_path();
      const std::string leaf = dir.filename().string();
      if (is_program && (leaf == "bin" || leaf == "shims") && dir.parent_path() != "/") dir = dir.parent_path();
      add(dir);
    }
  }
  void add_exactly(const fs::path& given) {
    std::error_code ec;
    add(fs::absolute(given, ec).lexically_normal());
    add(fs::canonical(given, ec));
  }
  const std::vector<fs::path>& dirs() const { return dirs_; }

 private:
  void add(const fs::path& dir) {
    if (dir.empty() || dir == "/" || in_system(dir)) return;
    for (const fs::path& d : dirs_) {
      if (d == dir || under(dir, d)) return;
    }
    std::erase_if(dirs_, [&](const fs::path& d) { return under(d, dir); });
    dirs_.push_back(dir);
  }
  std::vector<fs::path> dirs_;
};

// The one engine of the kit's own that reads beyond its command's folders:
// the browser bridge, whose default page runs adapters/node's files
// unchanged (adapters/browser/README.md). Named, it brings that folder
// along, and no other of adapters/ (the lookup table holds published
// answers). The kit knows this of its own file; an engine's files never
// widen what is bound, or an engine could name the vectors for itself.
// The folder is found at run time (set_kit_adapters), never compiled in, so
// an installed binary names no source path.
fs::path kit_adapters;

void add_what_the_kit_knows(Binds& binds, const fs::path& named) {
  if (kit_adapters.empty()) return;
  std::error_code ec;
  const fs::path bridge = fs::canonical(kit_adapters / "browser" / "bridge.js", ec);
  if (!bridge.empty() && fs::canonical(named, ec) == bridge) binds.add_exactly(fs::canonical(kit_adapters, ec) / "node");
}

}  // namespace

void set_engine_launch(const EngineLaunch& launch) { launch_settings = launch; }
void set_kit_adapters(const std::filesystem::path& dir) { kit_adapters = dir; }
const EngineLaunch& engine_launch() { return launch_settings; }

std::vector<std::string> sandboxed_command(const std::string& program, const std::vector<std::string>& argv) {
  std::vector<std::string> cmd = {bwrap_path()};
  cmd.insert(cmd.end(), kIsolation.begin(), kIsolation.end());
  std::error_code ec;
  for (const char* dir : kSystem) {
    if (fs::is_symlink(dir, ec)) {
      cmd.insert(cmd.end(), {"--symlink", fs::read_symlink(dir, ec).string(), dir});
    } else if (fs::is_directory(dir, ec)) {
      cmd.insert(cmd.end(), {"--ro-bind", dir, dir});
    }
  }
  cmd.insert(cmd.end(), {"--proc", "/proc", "--dev", "/dev", "--size", std::to_string(kScratchBytes), "--tmpfs",
                         "/tmp", "--chdir", "/tmp"});
  // The command's own files, by absolute path: the engine starts in the
  // scratch folder, where a relative path would name nothing.
  Binds binds;
  binds.add_command_file(program, true);
  std::vector<std::string> args = {fs::absolute(program, ec).lexically_normal().string()};
  for (std::size_t i = 1; i < argv.size(); ++i) {
    const std::string& word = argv[i];
    if (!word.empty() && word[0] != '-' && fs::exists(word, ec)) {
      binds.add_command_file(word, false);
      add_what_the_kit_knows(binds, word);
      args.push_back(fs::absolute(word, ec).lexically_normal().string());
    } else {
      args.push_back(word);
    }
  }
  for (const std::string& path : launch_settings.files) binds.add_exactly(path);
  for (const fs::path& dir : binds.dirs()) cmd.insert(cmd.end(), {"--ro-bind", dir.string(), dir.string()});
  // The engine's stdin and stdout arrive as descriptors 3 and 4 (bwrap's
  // own are /dev/null); a shell moves them into place and becomes the engine.
  cmd.insert(cmd.end(), {"--", "/bin/sh", "-c", "exec 0<&3 1>&4 3<&- 4>&- && exec \"$@\"", "sh"});
  cmd.insert(cmd.end(), args.begin(), args.end());
  return cmd;
}

std::string sandbox_unavailable() {
  static std::once_flag once;
  static std::string why;
  std::call_once(once, [] {
    const std::string bwrap = bwrap_path();
    if (bwrap.empty()) {
      why = "bwrap (bubblewrap) is not installed";
      return;
    }
    std::vector<std::string> words = sandboxed_command("/bin/true", {"/bin/true"});
    std::vector<char*> cargv;
    for (std::string& w : words) cargv.push_back(w.data());
    cargv.push_back(nullptr);
    int err[2];
    if (::pipe2(err, O_CLOEXEC) != 0) {
      why = "cannot make a pipe";
      return;
    }
    const pid_t pid = ::fork();
    if (pid == 0) {
      ::dup2(err[1], 2);
      const int null = ::open("/dev/null", O_RDWR);
      for (int fd : {0, 1, 3, 4}) ::dup2(null, fd);  // 3 and 4: the engine's stdin and stdout
      ::execv(cargv[0], cargv.data());
      ::_exit(127);
    }
    ::close(err[1]);
    if (pid < 0) {
      ::close(err[0]);
      why = "cannot fork";
      return;
    }
    std::string said;
    int status = 0;
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    for (;;) {
      pollfd fd{err[0], POLLIN, 0};
      if (::poll(&fd, 1, 50) > 0) {
        char buf[512];
        const ssize_t n = ::read(err[0], buf, sizeof buf);
        if (n > 0 && said.size() < 2000) said.append(buf, static_cast<std::size_t>(n));
      }
      if (::waitpid(pid, &status, WNOHANG) == pid) break;
      if (std::chrono::steady_clock::now() > end) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, &status, 0);
        said = "no answer within 10 s";
        break;
      }
    }
    ::close(err[0]);
    if (!(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
      while (!said.empty() && (said.back() == '\n' || said.back() == '\r')) said.pop_back();
      for (char& c : said) {
        if (c == '\n' || c == '\r') c = ' ';
      }
      why = bwrap + " does not run here" + (said.empty() ? std::string() : ": " + said);
    }
  });
  return why;
}

}  // namespace susurration::grader
