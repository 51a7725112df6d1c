// Guards the kit against the engines it runs (issue 24), where no sandbox
// hides it from them: the kit is made non-dumpable (no ptrace by a
// same-user engine, no /proc/<kit>/fd, environ or exe), and a small guard
// process watches for the kit being stopped (SIGSTOP and the other stop
// signals, which the kit cannot catch). A stopped kit is set running again
// (SIGCONT) and ends the grade: it prints one line naming what happened,
// kills every engine and exits with `stopped_status`.
#pragma once

namespace susurration::grader {

// Once, from the main thread (the guard dies with the thread that started
// it), before the first engine starts. `line` is what the kit says when it
// was stopped (grade's when null); `before_exit`, when given, runs after
// every engine is killed, as fuzz removes its scratch folder: it must be
// async-signal-safe in spirit (another thread may be mid-work).
void guard_the_kit(int stopped_status, const char* line = nullptr, void (*before_exit)() = nullptr);

}  // namespace susurration::grader
