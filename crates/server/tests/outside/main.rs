//! The server from outside: the real `topochess-server` process, met over HTTP and WebSockets as
//! browsers and programs meet it. One test binary of many modules, so that the code they share
//! and their libraries are compiled and linked once.

mod accounts;
mod arenas;
mod changes;
mod channel;
mod cluster;
mod common;
mod door;
mod hostile;
mod lines;
mod live;
mod operations;
mod pools;
mod programs;
mod tokens;
