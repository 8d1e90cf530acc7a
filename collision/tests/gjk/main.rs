//! GJK: closed forms, brute-force polytope distances and parry, invariances, near
//! contact, core-plus-radius splits and the warm-start cache. One test binary; each
//! module is one topic (`cargo test -p collision --test gjk closed_form::`).

mod cache;
mod closed_form;
mod cores;
mod first_plane;
mod invariance;
mod near_contact;
mod polytopes;
