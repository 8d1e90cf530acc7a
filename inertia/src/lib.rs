//! Mass, centre of mass and inertia tensors: exact for convex hulls and primitives, plus
//! the textbook approximate methods (grid and Monte Carlo sampling) kept for comparison.
