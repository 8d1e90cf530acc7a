// The tally both C# test programs keep: each check passes or prints what failed, and
// the last line is "N passed, M failed", which `tests/csharp.rs` reads.

using System;

static class Checks
{
    static int passed, failed;

    /// <summary>Counts a check; prints `what` when it failed.</summary>
    public static void Check(bool ok, string what)
    {
        if (ok)
        {
            passed++;
        }
        else
        {
            failed++;
            Console.WriteLine("FAILED: " + what);
        }
    }

    /// <summary>Checks that `value` is within `tolerance` of `expected`.</summary>
    public static void Near(double value, double expected, double tolerance, string what)
    {
        Check(Math.Abs(value - expected) <= tolerance, what + ": " + value.ToString("R") + ", expected " + expected.ToString("R"));
    }

    /// <summary>Prints the tally and returns the exit code: 1 on a failure.</summary>
    public static int Report()
    {
        Console.WriteLine(passed + " passed, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }
}
