// An Int32 list that grows by doubling: postings cost four bytes each, not an object slot.

export class IntList {
  private data: Int32Array;
  size = 0;

  constructor(capacity = 4) {
    this.data = new Int32Array(capacity);
  }

  push(value: number): void {
    if (this.size === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.size++] = value;
  }

  at(index: number): number {
    return this.data[index] ?? 0;
  }

  set(index: number, value: number): void {
    this.data[index] = value;
  }

  /** Bytes held, for the memory figures. */
  get bytes(): number {
    return this.data.byteLength;
  }
}
