// The reporter of the side-by-side benchmarks (box2d_bench.cpp, broad_bench.cpp): the usual
// console output, and each benchmark's CPU time kept by name for the table the benchmark
// prints after its runs.
#pragma once

#include <benchmark/benchmark.h>

#include <map>
#include <string>
#include <vector>

namespace hitbox::bench {

class MedianReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& r : runs) {
      if (r.run_type == Run::RT_Aggregate && r.aggregate_name != "median") continue;
      times_[name_of(r)] = r.GetAdjustedCPUTime();
      kept(r);
    }
  }

  // A run's name here: the benchmark's name, then "/" and its argument if it has one
  // ("box2d/tree/1000").
  static std::string name_of(const Run& r) {
    const std::string& args = r.run_name.args;
    return r.run_name.function_name + (args.empty() ? "" : "/" + args);
  }

  // The benchmark's median when repetitions were asked for, else its single run (in the
  // benchmark's time unit); -1 when it did not run (filtered out).
  double time_of(const std::string& name) const {
    const auto it = times_.find(name);
    return it == times_.end() ? -1.0 : it->second;
  }

 protected:
  // Whatever else a table wants from each kept run (its counters).
  virtual void kept(const Run&) {}

 private:
  std::map<std::string, double> times_;
};

// main()'s ending for a benchmark with a table: runs the registered benchmarks through
// `reporter`, then prints its table.
template <class Reporter>
int run_with_table(Reporter& reporter, int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  reporter.table();
  benchmark::Shutdown();
  return 0;
}

}  // namespace hitbox::bench
