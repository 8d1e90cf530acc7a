//! Ray casts: closed forms for every shape kind, the cone's exact reference, and the
//! observed cast.

mod basics;
mod cone;
mod observed;
