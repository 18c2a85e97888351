// A stand-in for a server build that never finishes loading, for the page
// thread's test of a start that takes too long.
await new Promise(() => {});

export {};
