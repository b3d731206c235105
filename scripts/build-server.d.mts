import type { BuildOptions, Plugin } from 'esbuild';

export const SERVER_ENTRIES: string[];
export const SERVER_OUT_DIR: string;
export const workspaceOnly: Plugin;
export const SERVER_BUILD_OPTIONS: BuildOptions;
export function buildServer(): Promise<void>;
