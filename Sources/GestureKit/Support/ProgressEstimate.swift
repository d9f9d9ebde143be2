/// When a progress bar may show the time left.
public enum ProgressEstimate {
    /// After a second and 2% of the work, and not at the end: the first files of a run are read while
    /// caches are cold, and a rate from a handful of them says little.
    public static func isMeaningful(elapsed: Double, done: Int, total: Int) -> Bool {
        elapsed >= 1 && total > 0 && done * 50 >= total && done < total
    }
}
