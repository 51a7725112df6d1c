// How a command that runs engines ends when it is told to (PROTO-3): no
// engine, nothing an engine started and no scratch folder of its own is
// left behind, whichever of SIGINT, SIGTERM, SIGHUP (the terminal closed)
// or SIGQUIT ends it. `grade` and `fuzz` share this.
#pragma once

#include <filesystem>

namespace susurration::cli {

// Installs the handlers: each kills every engine and all it started
// (kill_all_engines), removes the scratch folder if one is made (below),
// then exits with 128 + the signal's number.
void on_signals_kill_engines_and_exit();

// Removes the scratch folder now, if one is made, with async-signal-safe
// calls (as a signal does): for the kit's stop guard, which ends the kit
// from another thread (grader/kit_guard.hpp).
void remove_the_scratch_folder_now();

// A private folder for one run, made by mkdtemp under the temporary
// directory ($TMPDIR or /tmp), so that nothing planted there beforehand (a
// folder of the same name, a symbolic link to someone's files) is ever used
// or followed. Removed by the destructor, and by the handlers above when a
// signal ends the run first. One at a time.
class ScratchFolder {
 public:
  explicit ScratchFolder(const char* prefix);
  ~ScratchFolder();
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace susurration::cli
