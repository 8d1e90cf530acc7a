//! Time of impact: closed forms and fine-stepped references, curved pairs, and
//! near-contact starts.

mod basics;
mod curved;
mod near_contact;
