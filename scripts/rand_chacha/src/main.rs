use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::{ChaCha12Rng, ChaCha20Rng, ChaCha8Rng};
use std::time::Instant;

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{:02x}", x)).collect()
}

// Known answers: the first 64 bytes of seed_from_u64(42), and of stream 5
// from byte 1000 (set_stream, set_word_pos).
fn answers<R: RngCore + SeedableRng>(name: &str, set: impl Fn(&mut R)) {
    let mut r = R::seed_from_u64(42);
    let mut b = [0u8; 64];
    r.fill_bytes(&mut b);
    println!("{} seed 42: {}", name, hex(&b));
    let mut r = R::seed_from_u64(42);
    set(&mut r);
    r.fill_bytes(&mut b);
    println!("{} seed 42 stream 5 byte 1000: {}", name, hex(&b));
}

// Median over runs of the fill_bytes throughput on a 2,000,000-byte buffer.
fn speed<R: RngCore + SeedableRng>(name: &str) {
    let mut r = R::seed_from_u64(1);
    let mut buf = vec![0u8; 2_000_000];
    let mut rates = Vec::new();
    for _ in 0..7 {
        let start = Instant::now();
        let mut n = 0u64;
        while start.elapsed().as_secs_f64() < 0.3 {
            r.fill_bytes(&mut buf);
            n += buf.len() as u64;
        }
        rates.push(n as f64 / start.elapsed().as_secs_f64() / 1e9);
    }
    rates.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let mut x = 0u64;
    let t = Instant::now();
    let mut k = 0u64;
    while t.elapsed().as_secs_f64() < 0.3 {
        for _ in 0..1024 {
            x = x.wrapping_add(r.next_u64());
        }
        k += 1024;
    }
    let ns = t.elapsed().as_secs_f64() * 1e9 / k as f64;
    println!("{} fill_bytes 2000000: {:.2} GB/s (median of 7), next_u64: {:.2} ns ({})", name, rates[3], ns, x & 1);
}

fn main() {
    answers::<ChaCha8Rng>("ChaCha8", |r| { r.set_stream(5); r.set_word_pos(250) });
    answers::<ChaCha12Rng>("ChaCha12", |r| { r.set_stream(5); r.set_word_pos(250) });
    answers::<ChaCha20Rng>("ChaCha20", |r| { r.set_stream(5); r.set_word_pos(250) });
    speed::<ChaCha8Rng>("ChaCha8");
    speed::<ChaCha12Rng>("ChaCha12");
    speed::<ChaCha20Rng>("ChaCha20");
}
