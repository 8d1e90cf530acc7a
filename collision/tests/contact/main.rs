//! Contacts: closed forms, EPA against an exact separating-axis reference, curved
//! shapes and solids of revolution.

mod basics;
mod curved;
mod epa;
mod revolution;
