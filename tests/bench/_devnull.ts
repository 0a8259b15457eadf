export class DevNull { write(_line: string): void {} }
