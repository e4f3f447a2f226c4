public enum ImportBenchmark {
  public static func run(files: Int) -> Int32 { 0 }
}
