// Keeps the text of every response the test support receives while a recording is on (route handlers
// called through `call`, the upload helper, the emulator's portal), for tests that look for secrets.
let recording: string[] | undefined;

/** Starts keeping every response text; the returned array fills as responses arrive. */
export function recordResponses(): string[] {
  recording = [];
  return recording;
}

export function stopRecordingResponses(): void {
  recording = undefined;
}

/** Called by the helpers with each response's text, exactly as received. */
export function recordResponse(text: string): void {
  recording?.push(text);
}
