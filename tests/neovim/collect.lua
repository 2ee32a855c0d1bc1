-- Run by tests/neovim.rs inside a headless Neovim that has the file under
-- test open: attaches storlint through editors/neovim's module (on the
-- runtime path), waits for the diagnostics, and writes them as JSON to
-- $STORLINT_OUT. Exits 1 when none arrive in time.
local storlint = require("storlint")
local bufnr = vim.api.nvim_get_current_buf()
storlint.attach(bufnr, { cmd = { os.getenv("STORLINT_BIN"), "server" } })
local arrived = vim.wait(60000, function()
  return #vim.diagnostic.get(bufnr) > 0
end, 50)
local found = {}
for _, d in ipairs(vim.diagnostic.get(bufnr)) do
  local lsp = d.user_data and d.user_data.lsp or {}
  table.insert(found, {
    line = d.lnum,
    column = d.col,
    code = d.code or lsp.code,
    source = d.source,
    severity = d.severity,
  })
end
local out = assert(io.open(os.getenv("STORLINT_OUT"), "w"))
out:write(vim.fn.json_encode(found))
out:close()
vim.cmd(arrived and "qall!" or "cquit! 1")
