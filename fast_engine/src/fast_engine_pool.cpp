// The fast engine's worker threads (fast_engine_pool.hpp).
#include "fast_engine_pool.hpp"

#include <chrono>

namespace susurration::fast {
namespace {

// Long enough to span the gap between two steps of a running flock (a step
// of 400 birds takes a tenth of a millisecond or two on one thread: a
// worker that fell asleep between steps would wake too late to share the
// next one, and then keep missing them), short enough that an idle flock
// soon stops using the CPU. A spinning thread also yields now and then, in
// case the thread it waits for needs its core (more threads than cores).
constexpr auto kSpin = std::chrono::milliseconds(2);

void relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

// Returns once done(value) holds: spins for kSpin, then sleeps on the futex.
// The sleeper counts itself in `sleeping` before its last look at `value`,
// and announce() changes `value` before it looks at `sleeping` (both
// sequentially consistent), so either the sleeper sees the change or the
// announcer sees the sleeper and wakes it.
template <class Done>
void await(const std::atomic<int>& value, Done done, std::atomic<int>& sleeping) {
  const auto start = std::chrono::steady_clock::now();
  for (int k = 1;; ++k) {
    if (done(value.load(std::memory_order_acquire))) {
      return;
    }
    relax();
    if (k % 64 == 0) {
      if (std::chrono::steady_clock::now() - start > kSpin) {
        break;
      }
      std::this_thread::yield();
    }
  }
  sleeping.fetch_add(1);
  for (int seen = value.load(); !done(seen); seen = value.load()) {
    value.wait(seen);
  }
  sleeping.fetch_sub(1);
}

void announce(std::atomic<int>& value, std::atomic<int>& sleeping) {
  value.fetch_add(1);
  if (sleeping.load() > 0) {
    value.notify_all();
  }
}

}  // namespace

WorkerPool::WorkerPool(int threads) {
  for (int t = 1; t < threads; ++t) {
    workers_.emplace_back([this, t] { work(t); });
  }
}

WorkerPool::~WorkerPool() {
  {
    const std::lock_guard lock(turn_);
    stopping_ = true;
    announce(generation_, sleeping_);
  }
  for (std::thread& w : workers_) {
    w.join();
  }
}

void WorkerPool::run_erased(Erased fn, void* job, bool parallel) {
  const std::lock_guard lock(turn_);
  if (workers_.empty() || !parallel) {
    fn(job, 0);
    return;
  }
  fn_ = fn;
  job_ = job;
  finished_.store(0, std::memory_order_relaxed);
  joined_.store(0, std::memory_order_release);  // a worker that joins sees fn_ and job_
  announce(generation_, sleeping_);
  // Closing the job tells late workers to stay out, and counts the ones in.
  auto close_and_wait = [this] {
    const int in = joined_.fetch_or(kClosed) & ~kClosed;
    await(
        finished_, [in](int finished) { return finished == in; }, sleeping_);
  };
  try {
    fn(job, 0);
  } catch (...) {
    close_and_wait();  // `job` must outlive the workers' calls
    throw;
  }
  close_and_wait();
}

bool WorkerPool::join() {
  int joined = joined_.load(std::memory_order_acquire);
  do {
    if ((joined & kClosed) != 0) {
      return false;
    }
  } while (!joined_.compare_exchange_weak(joined, joined + 1, std::memory_order_acquire));
  return true;
}

void WorkerPool::work(int thread) {
  int seen = 0;
  for (;;) {
    await(
        generation_, [seen](int g) { return g != seen; }, sleeping_);
    seen = generation_.load(std::memory_order_acquire);
    if (stopping_) {
      return;
    }
    // A worker that woke late may join the job after the one it woke for;
    // that is as good (fn_ and job_ are that job's), and it looks again.
    if (join()) {
      fn_(job_, thread);
      announce(finished_, sleeping_);
    }
  }
}

}  // namespace susurration::fast
