-- storlint's language server for Neovim's built-in client, without plugins.
-- Works from Neovim 0.7 (`vim.lsp.start_client`); on 0.8 and later,
-- `vim.lsp.start` (below) reuses one client per project by itself.
--
-- Put this file in your runtime path (e.g. ~/.config/nvim/lua/storlint.lua)
-- and call `require("storlint").setup()` from your init.lua. Options:
--   cmd: how to start the server (default { "storlint", "server" })
local M = {}

-- The project root: the nearest directory holding .git or a storlint.toml.
local function root_of(path)
  local dir = vim.fn.fnamemodify(path, ":p:h")
  while true do
    for _, marker in ipairs({ ".git", "storlint.toml", ".storlint.toml" }) do
      if vim.loop.fs_stat(dir .. "/" .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ":h")
    if parent == dir then
      return vim.fn.fnamemodify(path, ":p:h")
    end
    dir = parent
  end
end

local clients = {}

-- Starts (or reuses) the project's client and attaches it to `bufnr`.
function M.attach(bufnr, opts)
  opts = opts or {}
  local root = root_of(vim.api.nvim_buf_get_name(bufnr))
  local config = {
    name = "storlint",
    cmd = opts.cmd or { "storlint", "server" },
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
  }
  if vim.lsp.start then
    return vim.lsp.start(config, { bufnr = bufnr })
  end
  local id = clients[root]
  if not id or vim.lsp.client_is_stopped(id) then
    id = vim.lsp.start_client(config)
    clients[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

function M.setup(opts)
  vim.api.nvim_create_autocmd("FileType", {
    pattern = { "rust", "swift", "kotlin", "sql" },
    callback = function(args)
      M.attach(args.buf, opts)
    end,
  })
end

return M
