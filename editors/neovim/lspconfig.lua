-- storlint through nvim-lspconfig, which has no entry for it: register one,
-- then set it up like any other server.
local configs = require("lspconfig.configs")
local util = require("lspconfig.util")

if not configs.storlint then
  configs.storlint = {
    default_config = {
      cmd = { "storlint", "server" },
      filetypes = { "rust", "swift", "kotlin", "sql" },
      root_dir = util.root_pattern("storlint.toml", ".storlint.toml", ".git"),
      single_file_support = true,
    },
  }
end

require("lspconfig").storlint.setup({})
