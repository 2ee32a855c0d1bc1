// Starts `storlint server` for Rust, Swift, Kotlin and SQL files; the
// server does the rest (diagnostics, quick fixes, hover).
import * as vscode from "vscode";
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
} from "vscode-languageclient/node";

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const command = vscode.workspace
    .getConfiguration("storlint")
    .get<string>("path", "storlint");
  const serverOptions: ServerOptions = { command, args: ["server"] };
  const clientOptions: LanguageClientOptions = {
    documentSelector: ["rust", "swift", "kotlin", "sql"].map((language) => ({
      scheme: "file",
      language,
    })),
    synchronize: {
      // A changed configuration changes every file's findings.
      fileEvents: vscode.workspace.createFileSystemWatcher("**/{storlint.toml,.storlint.toml}"),
    },
  };
  client = new LanguageClient("storlint", "storlint", serverOptions, clientOptions);
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration("storlint.path") && client) {
        await client.restart();
      }
    }),
  );
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
