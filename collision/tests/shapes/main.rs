//! The shapes themselves: support maps, AABBs and constructors against closed forms, hull
//! support queries against brute force, inscribed balls, and nested transforms.

mod hull_support;
mod hull_support_directions;
mod inscribed_ball;
mod support_maps;
mod transformed;
