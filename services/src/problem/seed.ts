export async function seedSampleProblems(): Promise<void> {}
