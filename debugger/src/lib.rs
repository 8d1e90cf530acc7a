//! A visual debugger that replays recorded GJK simplex and EPA polytope states step by
//! step.
