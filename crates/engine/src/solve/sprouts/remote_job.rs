//! The unit of work of a distributed run, as it travels between the master
//! ([`super::ProofNumberMaster`]) and the processes that search (actors of a Ray cluster, or any
//! other executor): a [`Job`] asks one outcome question — is this position plus a nim heap lost for
//! the player to move? — within a budget of nodes, and its [`JobReport`] says lost, won or not
//! finished, with the entries the actor's base learned meanwhile ([`Batch`]).
//!
//! A [`JobRunner`] is an actor's side: it keeps its base, proof-number table and misère forms from
//! one job to the next (as a thread of [`super::Solver`] does), takes in what the other actors
//! learned, and runs each job by the method's own outcome search (the policy's unit of work).
//!
//! Trust: actors run this program, so a batch is believed once its digest matches (the digest
//! catches a damaged or truncated message, not a forger). No answer rests on a batch alone: the
//! master checks the proof of every answer before giving it (see [`super::ProofNumberMaster`]).

use std::hash::Hasher;

use bincode::Options;
use rustc_hash::FxHasher;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::games::sprouts::Position;

use super::base::LearnedEntries;
use super::outcome_job::{Kit, Method, OutcomeJob};
use super::search::{Search, Step};

/// Nodes a runner searches between looks at its caller's stop (a few milliseconds).
const SLICE: u64 = 2_000;

/// The largest message read (a corrupt length must not exhaust memory).
const MAX_MESSAGE_BYTES: u64 = 1 << 32;

/// Why a message of a distributed run was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RelayError {
    #[error("damaged or truncated message ({0})")]
    Damaged(String),
    #[error("a batch of learned entries whose digest does not match: damaged in transit")]
    Digest,
    #[error("the job's position is not a canonical Sprouts position")]
    NotAPosition,
    #[error("a misère job cannot carry a nim heap (heap {0})")]
    MisereHeap(u32),
}

fn wire() -> impl Options {
    bincode::DefaultOptions::new().with_limit(MAX_MESSAGE_BYTES)
}

/// `value` as bytes (writing to memory cannot fail).
pub(crate) fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    bincode::DefaultOptions::new()
        .serialize(value)
        .expect("a message serialises to memory")
}

pub(crate) fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, RelayError> {
    wire()
        .deserialize(bytes)
        .map_err(|e| RelayError::Damaged(e.to_string()))
}

/// One outcome question with a budget.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Job {
    pub id: u64,
    /// [`Position::key`] of the position (canonical).
    pub key: Vec<u8>,
    /// The nim heap added to it (always 0 in misère play).
    pub heap: u32,
    /// Nodes the actor may search before it reports the job unfinished.
    pub budget: u64,
    /// The actor drops its paused search of this question, if it has one, and starts afresh from
    /// its base: other actors settled questions meanwhile, which its paused tree does not know of.
    pub fresh: bool,
}

impl Job {
    pub fn to_bytes(&self) -> Vec<u8> {
        encode(self)
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Job, RelayError> {
        decode(bytes)
    }
}

/// What a job found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum JobResult {
    /// The position (plus the heap) is lost for the player to move.
    Lost,
    Won,
    /// The budget ran out (or the actor was told to stop) first.
    Unfinished,
}

/// The answer to a [`Job`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JobReport {
    pub id: u64,
    pub result: JobResult,
    /// Nodes searched.
    pub nodes: u64,
    /// What the actor's base learned since its last report (this job's and what came before).
    pub learned: Batch,
}

impl JobReport {
    pub fn to_bytes(&self) -> Vec<u8> {
        encode(self)
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<JobReport, RelayError> {
        decode(bytes)
    }
}

/// Learned entries as they travel: bincode of [`LearnedEntries`] and a digest of those bytes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Batch {
    bytes: Vec<u8>,
    digest: u64,
    /// Entries in it (for progress and for skipping empty batches unread).
    entries: u64,
}

fn digest(bytes: &[u8]) -> u64 {
    let mut hasher = FxHasher::default();
    hasher.write(bytes);
    hasher.write_usize(bytes.len());
    hasher.finish()
}

impl Batch {
    pub fn seal(entries: &LearnedEntries) -> Batch {
        let bytes = encode(entries);
        Batch {
            digest: digest(&bytes),
            entries: entries.len() as u64,
            bytes,
        }
    }

    /// The entries, once the digest matches.
    pub fn open(&self) -> Result<LearnedEntries, RelayError> {
        if digest(&self.bytes) != self.digest {
            return Err(RelayError::Digest);
        }
        decode(&self.bytes)
    }

    pub fn len(&self) -> u64 {
        self.entries
    }

    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        encode(self)
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Batch, RelayError> {
        decode(bytes)
    }

    /// For tests of the trust model: a batch with its bytes altered after sealing.
    #[doc(hidden)]
    pub fn damaged(mut self) -> Batch {
        if let Some(byte) = self.bytes.last_mut() {
            *byte ^= 1;
        } else {
            self.bytes.push(1);
        }
        self
    }
}

/// An actor's side of a distributed run: runs jobs over a base and tables kept between them. A job
/// that comes back unfinished is kept paused: when the master hands the same question back (it
/// does, to the same actor, unless it split it meanwhile), the search goes on where it stopped.
pub struct JobRunner {
    method: Method,
    kit: Kit,
    /// The last unfinished job's question (position key, heap) and its search.
    paused: Option<(Vec<u8>, u32, OutcomeJob)>,
    jobs: u64,
    nodes: u64,
}

impl JobRunner {
    pub fn new(method: Method) -> JobRunner {
        JobRunner {
            method,
            kit: Kit::for_pool(method),
            paused: None,
            jobs: 0,
            nodes: 0,
        }
    }

    /// Takes in a batch another actor learned (relayed by the master); returns its entries' count.
    pub fn take_in(&mut self, batch: &Batch) -> Result<u64, RelayError> {
        if batch.is_empty() {
            return Ok(0);
        }
        let entries = batch.open()?;
        match &mut self.paused {
            Some((_, _, search)) => search.take_in(&entries),
            None => self.kit.take_in(&entries),
        }
        Ok(batch.len())
    }

    /// Runs `job` until it is decided, its budget is spent, or `go_on` says stop (read every few
    /// thousand nodes: a time or memory limit). What was proven stays in the base either way and is
    /// in the report.
    pub fn run(
        &mut self,
        job: &Job,
        go_on: &mut dyn FnMut() -> bool,
    ) -> Result<JobReport, RelayError> {
        let position = Position::from_key(&job.key).ok_or(RelayError::NotAPosition)?;
        if self.method.is_misere() && job.heap != 0 {
            return Err(RelayError::MisereHeap(job.heap));
        }
        let mut search = match self.paused.take() {
            Some((key, heap, search)) if key == job.key && heap == job.heap && !job.fresh => search,
            other => {
                if let Some((_, _, search)) = other {
                    search.finish(&mut self.kit);
                }
                OutcomeJob::start(self.method, &position, job.heap, &mut self.kit)
            }
        };
        let start = search.nodes();
        let result = loop {
            let left = job.budget.saturating_sub(search.nodes() - start);
            if left == 0 || !go_on() {
                break JobResult::Unfinished;
            }
            if let Step::Done(lost) = search.step(left.min(SLICE)) {
                break if lost {
                    JobResult::Lost
                } else {
                    JobResult::Won
                };
            }
        };
        let nodes = search.nodes() - start;
        let learned = Batch::seal(&search.take_learned());
        match result {
            JobResult::Unfinished => self.paused = Some((job.key.clone(), job.heap, search)),
            _ => search.finish(&mut self.kit),
        }
        self.jobs += 1;
        self.nodes += nodes;
        Ok(JobReport {
            id: job.id,
            result,
            nodes,
            learned,
        })
    }

    /// Jobs run and nodes searched so far.
    pub fn totals(&self) -> (u64, u64) {
        (self.jobs, self.nodes)
    }
}
